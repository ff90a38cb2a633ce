// The staff app's one carousel (Home slides, a story's photos, a lesson's pictures): the browser's own
// horizontal scroll with snap points, so a swipe is native scrolling on the compositor and the first slide is
// plain HTML painted with the page. It replaced antd-mobile's Swiper, whose spring animation ran JavaScript on
// every frame (Lighthouse counted its autoplay among Home's long tasks) and which drew its items only after
// measuring the track (a story's first photo, /stores' largest paint, waited for it).
import { Children, isValidElement, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../lib/motion';
import './carousel.css';

interface Props {
  children: ReactNode;
  className?: string;
  /** Moves on by itself every `autoplayMs` (back to the first after the last), unless the person prefers
   * reduced motion, touches it, or it is off screen. */
  autoplayMs?: number;
  onIndexChange?: (index: number) => void;
  /** Dots under/over the slides when there is more than one. */
  dots?: boolean;
  dotsClassName?: string;
  label?: string;
  roleDescription?: string;
  testId?: string;
}

export function Carousel({ children, className, autoplayMs, onIndexChange, dots = true, dotsClassName, label, roleDescription, testId }: Props) {
  const items = Children.toArray(children);
  const count = items.length;
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const reduced = usePrefersReducedMotion();
  const held = useRef(false); // a finger or pointer on it: autoplay waits
  const changed = useRef(onIndexChange);
  changed.current = onIndexChange;

  // The slide shown is the one whose start is nearest the scroll position (read once per frame at most while
  // scrolling; keys and autoplay read it afresh, as the state may be a frame behind).
  const current = useCallback(() => {
    const el = track.current;
    return el ? Math.max(0, Math.min(count - 1, Math.round(el.scrollLeft / (el.clientWidth || 1)))) : 0;
  }, [count]);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setIndex(current());
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [current]);

  useEffect(() => changed.current?.(index), [index]);

  const go = useCallback(
    (to: number) => {
      const el = track.current;
      if (!el) return;
      el.scrollTo({ left: to * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
    },
    [reduced],
  );

  // Autoplay only while on screen and the page is visible; a timer, not an animation loop.
  useEffect(() => {
    const el = track.current;
    if (!el || !autoplayMs || count < 2 || reduced) return;
    let visible = false;
    const seen = new IntersectionObserver(([entry]) => (visible = !!entry?.isIntersecting), { threshold: 0.5 });
    seen.observe(el);
    const timer = window.setInterval(() => {
      if (!visible || held.current || document.hidden) return;
      const now = current();
      go(now + 1 >= count ? 0 : now + 1);
    }, autoplayMs);
    return () => {
      window.clearInterval(timer);
      seen.disconnect();
    };
  }, [autoplayMs, count, reduced, go, current]);

  const onKeyDown = (e: KeyboardEvent) => {
    const now = current();
    if (e.key === 'ArrowRight' && now < count - 1) go(now + 1);
    else if (e.key === 'ArrowLeft' && now > 0) go(now - 1);
    else return;
    e.preventDefault();
  };
  // A finger is followed by the touch events alone: the browser cancels a touch's pointer as soon as the swipe
  // becomes native scrolling, while the finger is still down (pointercancel would let autoplay move the slide
  // under it). Mouse and pen are followed by the pointer events.
  const hold = (on: boolean) => () => {
    held.current = on;
  };
  const holdPointer = (on: boolean) => (e: PointerEvent) => {
    if (e.pointerType !== 'touch') held.current = on;
  };

  return (
    <div className={`sf-carousel${className ? ` ${className}` : ''}`} aria-roledescription={roleDescription} aria-label={label} data-testid={testId} data-index={index}>
      <div
        ref={track}
        className="sf-carousel__track"
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        onPointerDown={holdPointer(true)}
        onPointerUp={holdPointer(false)}
        onPointerCancel={holdPointer(false)}
        onPointerLeave={holdPointer(false)}
        onTouchStart={hold(true)}
        onTouchEnd={hold(false)}
        onTouchCancel={hold(false)}
      >
        {items.map((item, i) => (
          <div key={isValidElement(item) && item.key !== null ? item.key : i} className="sf-carousel__item">
            {item}
          </div>
        ))}
      </div>
      {dots && count > 1 ? (
        <div className={`sf-carousel__dots${dotsClassName ? ` ${dotsClassName}` : ''}`} aria-hidden="true">
          {items.map((_, i) => (
            <span key={i} className={`sf-carousel__dot${i === index ? ' is-active' : ''}`} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
