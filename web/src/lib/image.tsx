// Optimised images through the server's /_image (docs/API.md "Optimised images"): the same widths the server
// accepts, `srcSet` + `sizes` so the browser picks, lazy by default, width/height so nothing shifts.
// Modelled on next/image's width selection.
import type { CSSProperties, ImgHTMLAttributes } from 'react';

/** Device widths and image sizes the server resizes to (SPEC §8); any other `w` is refused. */
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const ALL_SIZES: readonly number[] = [...IMAGE_SIZES, ...DEVICE_SIZES];
export const DEFAULT_QUALITY = 75;

/** True for a library file /_image can resize: exactly the URLs the server takes ("/media/<64 hex>.<png|jpg|webp|gif>",
 * server/src/util/library_images.hpp); any other would get a srcset of refusals. */
export function isOptimisable(src: string): boolean {
  return /^\/media\/[0-9a-f]{64}\.(png|jpg|webp|gif)$/.test(src);
}

/** Every /_image URL of `src` starts so, whatever its width and quality. */
const imagePrefix = (src: string) => `/_image?url=${encodeURIComponent(src)}&`;

export function imageUrl(src: string, width: number, quality = DEFAULT_QUALITY): string {
  return `${imagePrefix(src)}w=${width}&q=${quality}`;
}

/** The smallest allowed width ≥ `w` (the largest when none is). */
export function allowedWidth(w: number): number {
  return ALL_SIZES.find((s) => s >= w) ?? 3840;
}

/**
 * Widths to offer. With `sizes` (fluid image): every allowed width from the smallest the layout can need
 * (`vw` percentages in `sizes` × the smallest device), described with `w`. Without: the display width at 1x
 * and 2x, described with `x`.
 */
export function widthsFor(width: number | undefined, sizes: string | undefined): { widths: number[]; kind: 'w' | 'x' } {
  // A page draws many images with the same few layouts: parse each `sizes` once (issue 29: Home's first render).
  const key = `${width ?? ''}|${sizes ?? ''}`;
  let found = widthsCache.get(key);
  if (!found) {
    found = computeWidths(width, sizes);
    if (widthsCache.size > 200) widthsCache.clear();
    widthsCache.set(key, found);
  }
  return { widths: [...found.widths], kind: found.kind };
}

const widthsCache = new Map<string, { widths: number[]; kind: 'w' | 'x' }>();

function computeWidths(width: number | undefined, sizes: string | undefined): { widths: number[]; kind: 'w' | 'x' } {
  if (sizes) {
    const percents = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((m) => Number.parseInt(m[2] ?? '100', 10));
    const pixels = [...sizes.matchAll(/(^|[\s,(:])(\d+)px/g)].map((m) => Number.parseInt(m[2] ?? '0', 10));
    if (percents.length) {
      const smallest = DEVICE_SIZES[0] * Math.min(...percents) * 0.01;
      return { widths: ALL_SIZES.filter((s) => s >= smallest), kind: 'w' };
    }
    if (pixels.length && !/vw|%|em/.test(sizes)) {
      // Fixed pixel layout: 1x..2x of the largest slot are enough.
      const max = Math.max(...pixels);
      const lo = allowedWidth(Math.min(...pixels));
      const hi = allowedWidth(max * 2);
      return { widths: ALL_SIZES.filter((s) => s >= lo && s <= hi), kind: 'w' };
    }
    return { widths: [...ALL_SIZES], kind: 'w' };
  }
  if (width === undefined) return { widths: [...DEVICE_SIZES], kind: 'w' };
  const widths = [...new Set([width, width * 2].map(allowedWidth))];
  return { widths, kind: 'x' };
}

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** `src` (the largest candidate, for browsers without srcset), `srcSet` and `sizes` for a library image. */
export function imageSources(src: string, opts: { width?: number; sizes?: string; quality?: number } = {}): ImageSources {
  if (!isOptimisable(src)) return { src };
  const { widths, kind } = widthsFor(opts.width, opts.sizes);
  const q = opts.quality ?? DEFAULT_QUALITY;
  const srcSet = widths.map((w, i) => `${imageUrl(src, w, q)} ${kind === 'w' ? `${w}w` : `${i + 1}x`}`).join(', ');
  return {
    src: imageUrl(src, widths[widths.length - 1] ?? 3840, q),
    srcSet,
    sizes: kind === 'w' ? (opts.sizes ?? '100vw') : undefined,
  };
}

export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string;
  alt: string;
  /** Display width in CSS pixels (or the intrinsic width, with `sizes`): reserves the space. */
  width?: number;
  height?: number;
  sizes?: string;
  quality?: number;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  fit?: CSSProperties['objectFit'];
}

/** The photo index.html's loading screen drew for the screen's largest paint (the server's pick for this phone:
 *  static_files.cpp photo_of), read before the app replaces that screen: its /_image URL, and what it drew, that
 *  URL or, for a small photo already rendered, the file itself as a data: URL (the URL then in data-src). */
const bootImg = typeof document === 'undefined' ? null : document.querySelector('img.sf-boot-photo');
const bootPhoto = bootImg ? { url: bootImg.getAttribute('data-src') ?? bootImg.getAttribute('src'), drawn: bootImg.getAttribute('src') } : null;

/** A priority image of the photo the loading screen drew keeps that file: no second download of another size,
 *  and no blank frame while it comes, when the app takes the screen over. */
function bootPhotoOf(src: string): string | null {
  return bootPhoto?.url?.startsWith(imagePrefix(src)) ? bootPhoto.drawn : null;
}

export function Image({ src, alt, width, height, sizes, quality, priority, fit, style, loading, ...rest }: ImageProps) {
  const drawn = priority ? bootPhotoOf(src) : null;
  const s = drawn ? { src: drawn } : imageSources(src, { width: sizes ? undefined : width, sizes, quality });
  return (
    <img
      {...rest}
      src={s.src}
      srcSet={s.srcSet}
      sizes={s.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      style={fit ? { objectFit: fit, ...style } : style}
    />
  );
}

/** The `sizes` of a picture across the app's column: the phone's width, 640 px at most. */
export const COLUMN_SIZES = '(max-width: 640px) 100vw, 640px';

/** A library picture across the column (a cover, a slide, a banner): drawn at its own proportions, or at
 *  `width` x `height` (16:9) while the library does not know them. */
export function ColumnImage({ media, alt = '', width = 1200, height = 675, fit = 'cover', ...rest }: Omit<ImageProps, 'src' | 'alt' | 'sizes'> & {
  media: { url: string; width?: number | null; height?: number | null };
  alt?: string;
}) {
  return <Image {...rest} src={media.url} alt={alt} width={media.width ?? width} height={media.height ?? height} sizes={COLUMN_SIZES} fit={fit} />;
}
