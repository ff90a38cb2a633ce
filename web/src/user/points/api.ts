// The points history's client (GET /api/me/points, newest first, paged by the last entry's id).
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PointsHistory } from '../../lib/learning/types';

const PAGE = 30;

export function usePointsHistory() {
  return useInfiniteQuery({
    queryKey: ['my-points'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) q.set('before', pageParam);
      return api<PointsHistory>(`/api/me/points?${q}`, { signal });
    },
    getNextPageParam: (last) => (last.hasMore && last.entries.length ? last.entries[last.entries.length - 1]!.id : undefined),
    staleTime: 0,
  });
}
