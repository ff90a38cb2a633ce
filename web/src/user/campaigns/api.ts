// Queries and writes of the staff contest screens (docs/API.md "Campaigns and naming contests", Staff).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { contestKey, contestsKey } from './logic';
import type { ContestEntry, ContestPageAnswer, ContestsAnswer } from './types';

const enc = encodeURIComponent;

export const useContests = () =>
  useQuery({ queryKey: contestsKey, queryFn: ({ signal }) => api<ContestsAnswer>('/api/contests', { signal }), staleTime: 0 });

export const useContest = (id: string) =>
  useQuery({ queryKey: contestKey(id), queryFn: ({ signal }) => api<ContestPageAnswer>(`/api/contests/${enc(id)}`, { signal }), staleTime: 0 });

function useRefresh(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: contestKey(id) });
    void client.invalidateQueries({ queryKey: contestsKey, exact: true });
  };
}

export function useSubmitEntry(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: { text?: string; reason?: string; photoId?: string }) => api<{ entry: ContestEntry }>(`/api/contests/${enc(id)}/entries`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useVoteEntry(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    // Offline: tried at once and said not sent (React Query would hold it and send it on its own later); the
    // page says the vote was not sent (contestErrorText's offline text), not the generic toast.
    networkMode: 'always',
    mutationFn: (entryId: string) =>
      api<{ votesLeft: number; entry: ContestEntry }>(`/api/contests/${enc(id)}/entries/${enc(entryId)}/vote`, { method: 'POST', toastOnNetworkError: false }),
    onSettled: refresh,
  });
}

/** An error in the UI language: the server's (localised) message, or a generic line. */
export const contestErrorText = (t: TFunction, error: unknown, offline?: string) =>
  errorText(t, error, { generic: 'campaigns.error', fieldFirst: true, offline });
