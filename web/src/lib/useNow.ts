import { useEffect, useState } from 'react';

/** The clock, re-read every `everyMs` so a component showing time left or "3 minutes ago" re-renders on its
 *  own; one hook so every countdown ticks the same way. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
