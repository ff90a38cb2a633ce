import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALL_SIZES, allowedWidth, Image, imageSources, imageUrl, isOptimisable, widthsFor } from './image';

const HASH = 'abcdef0123'.padEnd(64, '9');
const SRC = `/media/${HASH}.jpg`;

describe('image widths', () => {
  it('uses exactly the server’s widths', () => {
    expect(ALL_SIZES).toEqual([16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
  });
  it('rounds a width up to an allowed one, capped at 3840', () => {
    expect(allowedWidth(1)).toBe(16);
    expect(allowedWidth(200)).toBe(256);
    expect(allowedWidth(640)).toBe(640);
    expect(allowedWidth(5000)).toBe(3840);
  });
  it('fixed width: 1x and 2x', () => {
    expect(widthsFor(200, undefined)).toEqual({ widths: [256, 640], kind: 'x' });
    expect(widthsFor(3840, undefined)).toEqual({ widths: [3840], kind: 'x' });
  });
  it('fluid with vw sizes: from the smallest width the layout can need', () => {
    expect(widthsFor(undefined, '100vw').widths).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(widthsFor(undefined, '(max-width: 640px) 33vw, 213px').widths[0]).toBe(256);
  });
  it('fixed pixel sizes: up to twice the slot', () => {
    expect(widthsFor(undefined, '200px')).toEqual({ widths: [256, 384, 640], kind: 'w' });
  });
});

describe('imageSources', () => {
  it('builds /_image urls with quality', () => {
    expect(imageUrl(SRC, 640, 80)).toBe(`/_image?url=%2Fmedia%2F${HASH}.jpg&w=640&q=80`);
  });
  it('returns src, srcSet and sizes for a fluid image', () => {
    const s = imageSources(SRC, { sizes: '100vw' });
    expect(s.sizes).toBe('100vw');
    expect(s.srcSet?.split(', ')[0]).toBe(`/_image?url=%2Fmedia%2F${HASH}.jpg&w=640&q=75 640w`);
    expect(s.src).toBe(`/_image?url=%2Fmedia%2F${HASH}.jpg&w=3840&q=75`);
  });
  it('uses x descriptors for a fixed width', () => {
    const s = imageSources(SRC, { width: 64 });
    expect(s.srcSet).toBe(`/_image?url=%2Fmedia%2F${HASH}.jpg&w=64&q=75 1x, /_image?url=%2Fmedia%2F${HASH}.jpg&w=128&q=75 2x`);
    expect(s.sizes).toBeUndefined();
  });
  it('leaves other sources alone (other hosts, PDFs, videos)', () => {
    expect(isOptimisable('https://example.com/a.jpg')).toBe(false);
    expect(isOptimisable('/media/abc.pdf')).toBe(false);
    // Only what the server's /_image takes: 64 lower-case hex digits and its four extensions.
    expect(isOptimisable(SRC)).toBe(true);
    expect(isOptimisable(`/media/${HASH}.jpeg`)).toBe(false);
    expect(isOptimisable(`/media/${HASH}.JPG`)).toBe(false);
    expect(isOptimisable(`/media/${HASH.toUpperCase()}.jpg`)).toBe(false);
    expect(isOptimisable('/media/abcdef0123.jpg')).toBe(false);
    expect(imageSources('/media/abc.mp4')).toEqual({ src: '/media/abc.mp4' });
  });
});

describe('<Image>', () => {
  it('renders lazy, async, with width/height and srcset', () => {
    const { container } = render(<Image src={SRC} alt="Store" width={400} height={300} sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('300');
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('srcset')).toContain('384w');
    expect(img.getAttribute('alt')).toBe('Store');
  });
  it('loads eagerly with priority', () => {
    const { container } = render(<Image src={SRC} alt="" width={100} height={100} priority />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });
  it('keeps the file the loading screen drew for a priority image of the same photo', async () => {
    // The server's <img> in index.html (static_files.cpp photo_img), there when the module is first read.
    const drawn = `/_image?url=${encodeURIComponent(SRC)}&w=750&q=75`;
    document.body.innerHTML = `<div id="root"><img class="sf-boot-photo" src="${drawn.replaceAll('&', '&amp;')}"></div>`;
    vi.resetModules();
    const fresh = await import('./image');
    document.body.innerHTML = '';
    const first = render(<fresh.Image src={SRC} alt="" width={800} height={600} sizes="(max-width: 600px) 100vw, 560px" priority />);
    const img = first.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(drawn);
    expect(img.getAttribute('srcset')).toBeNull();
    // Not another photo, nor the same one further down the page (lazy: the browser picks from the srcset).
    const other = render(<fresh.Image src="/media/ffff.webp" alt="" sizes="100vw" priority />).container.querySelector('img')!;
    expect(other.getAttribute('src')).not.toBe(drawn);
    const lazy = render(<fresh.Image src={SRC} alt="" sizes="100vw" />).container.querySelector('img')!;
    expect(lazy.getAttribute('srcset')).toContain('750w');
  });
});

describe('Image and a loading-screen photo drawn from inside the HTML', () => {
  it('keeps the data: URL the loading screen drew, found by the URL in data-src', async () => {
    const url = `/_image?url=${encodeURIComponent(SRC)}&w=750&q=75`;
    const inline = 'data:image/avif;base64,AAAA';
    document.body.innerHTML = `<div id="root"><img class="sf-boot-photo" src="${inline}" data-src="${url.replaceAll('&', '&amp;')}"></div>`;
    vi.resetModules();
    const fresh = await import('./image');
    document.body.innerHTML = '';
    const img = render(<fresh.Image src={SRC} alt="" width={800} height={600} sizes="(max-width: 600px) 100vw, 560px" priority />).container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(inline);
    expect(img.getAttribute('srcset')).toBeNull();
    const other = render(<fresh.Image src="/media/ffff.webp" alt="" sizes="100vw" priority />).container.querySelector('img')!;
    expect(other.getAttribute('src')).not.toBe(inline);
  });
});
