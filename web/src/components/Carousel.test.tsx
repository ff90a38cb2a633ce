// The carousel (components/Carousel.tsx): which slide is shown follows the scroll position, the dots follow it,
// autoplay moves on only while the carousel is on screen and nobody holds it, and wraps to the first.
import { act, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

let intersecting: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    intersecting = callback;
  }
  observe() {}
  disconnect() {}
}

const scrolls: { left?: number; behavior?: string }[] = [];

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  scrolls.length = 0;
  // jsdom lays nothing out: every track is 300 px wide, and scrollTo moves it (as the browser's snap would).
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const o = options as ScrollToOptions;
    scrolls.push({ left: o.left, behavior: o.behavior });
    this.scrollLeft = o.left ?? 0;
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// jsdom has no PointerEvent: a touch pointer is a plain event that says so.
const touchPointer = (el: HTMLElement, type: 'pointerDown' | 'pointerCancel') => {
  const event = createEvent[type](el);
  Object.defineProperty(event, 'pointerType', { value: 'touch' });
  fireEvent(el, event);
};

const slides = (n: number) => Array.from({ length: n }, (_, i) => <span key={`s${i}`}>slide {i + 1}</span>);
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

describe('Carousel', () => {
  it('shows every slide in the HTML and one dot per slide, the first active', () => {
    const { container } = render(<Carousel testId="c">{slides(3)}</Carousel>);
    expect(screen.getByText('slide 1')).toBeInTheDocument();
    expect(screen.getByText('slide 3')).toBeInTheDocument();
    expect(container.querySelectorAll('.sf-carousel__dot')).toHaveLength(3);
    expect(container.querySelector('.sf-carousel__dot.is-active')).toBe(container.querySelectorAll('.sf-carousel__dot')[0]);
  });

  it('draws no dots for one slide', () => {
    const { container } = render(<Carousel>{slides(1)}</Carousel>);
    expect(container.querySelectorAll('.sf-carousel__dot')).toHaveLength(0);
  });

  it('follows a swipe: the slide nearest the scroll position is the one shown', async () => {
    const seen = vi.fn();
    const { container } = render(<Carousel testId="c" onIndexChange={seen}>{slides(3)}</Carousel>);
    const track = container.querySelector('.sf-carousel__track') as HTMLElement;
    track.scrollLeft = 320; // a swipe that ends a little past the second slide's start
    fireEvent.scroll(track);
    await frame();
    expect(screen.getByTestId('c')).toHaveAttribute('data-index', '1');
    expect(seen).toHaveBeenLastCalledWith(1);
    expect(container.querySelectorAll('.sf-carousel__dot')[1]).toHaveClass('is-active');
  });

  it('moves on by itself while on screen, not while held, and wraps to the first after the last', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { container } = render(<Carousel autoplayMs={5000}>{slides(2)}</Carousel>);
    const track = container.querySelector('.sf-carousel__track') as HTMLElement;
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls).toEqual([]); // not on screen yet
    act(() => intersecting?.([{ isIntersecting: true }]));
    fireEvent.pointerDown(track);
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls).toEqual([]); // a finger on it
    fireEvent.pointerUp(track);
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls).toEqual([{ left: 300, behavior: 'smooth' }]);
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls.at(-1)).toEqual({ left: 0, behavior: 'smooth' });
  });

  it('keeps waiting while a finger swipes: the touch pointer cancelled by native scrolling does not let go', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { container } = render(<Carousel autoplayMs={5000}>{slides(2)}</Carousel>);
    const track = container.querySelector('.sf-carousel__track') as HTMLElement;
    act(() => intersecting?.([{ isIntersecting: true }]));
    fireEvent.touchStart(track);
    touchPointer(track, 'pointerDown');
    touchPointer(track, 'pointerCancel'); // the swipe became a scroll
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls).toEqual([]); // the finger is still down
    fireEvent.touchCancel(track);
    act(() => vi.advanceTimersByTime(5000));
    expect(scrolls).toEqual([{ left: 300, behavior: 'smooth' }]);
  });

  it('moves with the arrow keys', () => {
    const { container } = render(<Carousel>{slides(3)}</Carousel>);
    const track = container.querySelector('.sf-carousel__track') as HTMLElement;
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(scrolls.at(-1)?.left).toBe(300);
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(scrolls.at(-1)?.left).toBe(0);
  });
});
