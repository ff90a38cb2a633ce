// GET /api/search, page by page (docs/API.md "Search").
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { searchApiPath, type SearchPage, type SearchState } from './logic';

export function useStaffSearch(s: SearchState) {
  return useInfiniteQuery({
    queryKey: ['search', s.q, s.filter],
    enabled: s.q.length > 0,
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) => api<SearchPage>(searchApiPath(s, pageParam), { signal }),
    getNextPageParam: (last) => (last.hasMore && last.items.length > 0 ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
}
