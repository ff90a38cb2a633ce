// Queries and writes of the staff poll screens (docs/API.md "Polls (issue 13)", Staff).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { pollErrorKey, pollsKey } from '../../lib/polls/logic';
import type { Poll, PollsAnswer } from '../../lib/polls/types';

const enc = encodeURIComponent;

export const usePolls = () =>
  useQuery({ queryKey: pollsKey, queryFn: ({ signal }) => api<PollsAnswer>('/api/polls', { signal }), staleTime: 0 });

/** POST /api/polls/:id/vote: the answered poll (with myVote and, when visible, results) replaces the listed one. */
export function useVote() {
  const client = useQueryClient();
  return useMutation({
    // Offline: tried at once and said not sent (React Query would hold it and send it on its own later).
    networkMode: 'always',
    mutationFn: ({ pollId, optionIds }: { pollId: string; optionIds: string[] }) =>
            // Offline, the poll says the vote was not sent (pollErrorText's offline text), not the generic toast.
      api<{ poll: Poll }>(`/api/polls/${enc(pollId)}/vote`, { method: 'POST', body: { optionIds }, toastOnNetworkError: false }),
    onSuccess: ({ poll }) => {
      client.setQueryData<PollsAnswer>(pollsKey, (old) => (old ? { items: old.items.map((p) => (p.id === poll.id ? poll : p)) } : old));
    },
    onError: (e) => {
      // Already voted elsewhere, or closed meanwhile: show the poll as it is now.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) void client.invalidateQueries({ queryKey: pollsKey });
    },
  });
}

/** A vote error in the UI language: the polls' own text for the codes they know, else the server's (localised) message. */
export const pollErrorText = (t: TFunction, error: unknown, offline?: string) =>
  errorText(t, error, { generic: 'polls.error.generic', ownKey: pollErrorKey, offline });
