// The next page of a long list, asked for when the end of the list comes near (within `threshold` px of the
// screen's bottom). An IntersectionObserver watches the end: nothing is measured in JavaScript, so drawing a
// page of stories is not one long task with a forced layout in it, as antd-mobile's InfiniteScroll made it
// (issue 29: the Stories tab). A failed page shows "Try again" instead of asking over and over.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  hasMore: boolean;
  /** Fetches the next page; rejects when it failed. */
  loadMore: () => Promise<unknown>;
  /** What stands at the end of the list (e.g. "Loading…" / "That's all"). */
  children?: ReactNode;
  threshold?: number;
}

export function LoadMore({ hasMore, loadMore, children, threshold = 250 }: Props) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const load = useRef(loadMore);
  load.current = loadMore;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = end.current;
    if (!el || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    let live = true;
    let busy = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting || busy) return;
        busy = true;
        load.current().then(
          () => {
            busy = false;
            // Still in view after a short page: observing afresh reports it again.
            if (live) {
              observer.unobserve(el);
              observer.observe(el);
            }
          },
          () => {
            busy = false;
            if (live) setFailed(true);
          },
        );
      },
      { rootMargin: `0px 0px ${threshold}px 0px` },
    );
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [hasMore, failed, threshold]);

  return (
    <div ref={end} className="sf-load-more">
      {failed ? (
        <button type="button" className="sf-load-more__retry" onClick={() => setFailed(false)}>
          {t('common.retry')}
        </button>
      ) : (
        children
      )}
    </div>
  );
}

/** An infinite query's pages (react-query's useInfiniteQuery result): the next one asked for near the end, a
 * failed one shown as "Try again" (the page's error is thrown to LoadMore, never swallowed). */
export function LoadMorePages({ query, children }: { query: { hasNextPage: boolean; fetchNextPage: (o: { throwOnError: boolean }) => Promise<unknown> }; children?: ReactNode }) {
  return (
    <LoadMore hasMore={query.hasNextPage} loadMore={() => query.fetchNextPage({ throwOnError: true })}>
      {children}
    </LoadMore>
  );
}
