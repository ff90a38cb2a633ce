// The end of a long list (components/LoadMore.tsx): the next page is asked for once each time the end comes
// into view (never twice while one is coming), not at all when there is no more, and a failed page shows
// "Try again", which asks again; a react-query list's failed page too (it resolves unless asked to throw).
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, LoadMorePages } from './LoadMore';

let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
let observing = 0;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    report = callback;
  }
  observe() {
    observing += 1;
  }
  unobserve() {
    observing -= 1;
  }
  disconnect() {
    observing = 0;
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  report = undefined;
  observing = 0;
});
afterEach(() => vi.unstubAllGlobals());

const seen = async (isIntersecting = true) => {
  await act(async () => {
    report?.([{ isIntersecting }]);
    await Promise.resolve();
  });
};

describe('LoadMore', () => {
  it('asks for the next page when the end comes into view, once while it loads', async () => {
    let finish: () => void = () => undefined;
    const loadMore = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<LoadMore hasMore loadMore={loadMore}>more…</LoadMore>);
    expect(screen.getByText('more…')).toBeTruthy();
    await seen(false);
    expect(loadMore).not.toHaveBeenCalled();
    await seen();
    await seen();
    expect(loadMore).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await seen();
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('watches nothing when there is no more', () => {
    render(<LoadMore hasMore={false} loadMore={vi.fn()}>the end</LoadMore>);
    expect(report).toBeUndefined();
    expect(screen.getByText('the end')).toBeTruthy();
  });

  it('a failed page shows Try again, which watches (and asks) again', async () => {
    const loadMore = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    render(<LoadMore hasMore loadMore={loadMore}>more…</LoadMore>);
    await seen();
    const retry = await screen.findByRole('button');
    expect(observing).toBe(0);
    fireEvent.click(retry);
    expect(observing).toBe(1);
    await seen();
    expect(loadMore).toHaveBeenCalledTimes(2);
    expect(screen.getByText('more…')).toBeTruthy();
  });

  it("an infinite query's failed page shows Try again, not an endless \"Loading more\"", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let fail = true;
    function List() {
      const q = useInfiniteQuery({
        queryKey: ['pages'],
        initialPageParam: 0,
        queryFn: async ({ pageParam }) => {
          if (pageParam > 0 && fail) throw new Error('offline');
          return pageParam;
        },
        getNextPageParam: (last: number) => (last < 2 ? last + 1 : undefined),
      });
      return <LoadMorePages query={q}>{q.hasNextPage ? 'more…' : 'the end'}</LoadMorePages>;
    }
    render(
      <QueryClientProvider client={client}>
        <List />
      </QueryClientProvider>,
    );
    await screen.findByText('more…');
    await waitFor(() => expect(report).toBeDefined());
    await seen();
    fail = false;
    fireEvent.click(await screen.findByRole('button'));
    await seen();
    await screen.findByText('more…');
    await seen();
    await screen.findByText('the end');
  });
});
