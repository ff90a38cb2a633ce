// Showing a page's late parts all at once, so nothing on the first screen moves while it loads (issue 29).
// A page renders its parts hidden (display: none: out of layout, yet mounted, so their chunks load and their
// lists fetch) under a placeholder, and swaps them in when useReveal says: what appears then is new, not moved.
import { useCallback, useEffect, useState } from 'react';
import { notifyManager, useQueryClient } from '@tanstack/react-query';

/** The longest a page's parts stay hidden waiting for their chunks and lists. */
export const REVEAL_AT_MOST_MS = 4000;

/**
 * True once `ready` holds (the page's own answer is in), every part in `waitFor` has reported loaded (through
 * <Loaded>) and no query is fetching any more, or REVEAL_AT_MOST_MS after mounting. Once true it stays true:
 * later refreshes update in place.
 */
export function useReveal(ready: boolean, waitFor: readonly string[] = []) {
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  // Whether any query is fetching, followed only until the parts are shown: a page that kept listening would
  // redraw all of them each time any list anywhere starts or stops fetching (issue 29).
  const qc = useQueryClient();
  const [idle, setIdle] = useState(() => qc.isFetching() === 0);
  useEffect(() => {
    if (shown) return;
    // Batched as useIsFetching does: a cache event can come while another component renders.
    const check = notifyManager.batchCalls(() => setIdle(qc.isFetching() === 0));
    check();
    return qc.getQueryCache().subscribe(check);
  }, [qc, shown]);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), REVEAL_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, []);
  // `idle` follows the cache a tick late (batched), and a part's lists start fetching in the same commit that reports
  // the part loaded: asked afresh too, so a list still on its way never shows as a skeleton that then grows.
  const now = (ready && waitFor.every((p) => loaded.has(p)) && idle && qc.isFetching() === 0) || timedOut;
  useEffect(() => {
    if (now && !shown) setShown(true);
  }, [now, shown]);
  const onLoaded = useCallback((part: string) => setLoaded((parts) => (parts.has(part) ? parts : new Set(parts).add(part))), []);
  return { shown: shown || now, onLoaded };
}

/** Put inside a Suspense boundary next to its lazy children: it commits with them, so reports them loaded. */
export function Loaded({ part, onLoad }: { part: string; onLoad: (part: string) => void }) {
  useEffect(() => onLoad(part), [part, onLoad]);
  return null;
}
