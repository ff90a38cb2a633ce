// The list a Home card (and the Club tab's badge) reads to know whether something waits: the area screen's own
// query (so the screen then opens from the cache), quiet on failure, kept for 30 s.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './api';

export function useHomeList<T>(queryKey: QueryKey, url: string) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api<T>(url, { signal, toastOnNetworkError: false }),
    staleTime: 30_000,
    retry: false,
  });
}
