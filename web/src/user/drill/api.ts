// Queries and writes of the daily drill (docs/API.md "Daily drill").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { drillSummaryKey, drillTodayKey } from './logic';
import { DRILL_ANSWERS_URL, forgetKeptQuestion } from './offline';
import type { DrillAnswer, DrillOutcome, DrillProgress, DrillToday } from './types';

/** Home's card: the day's progress, starting no question's clock. */
export const useDrillSummary = () =>
  useQuery({ queryKey: drillSummaryKey, queryFn: ({ signal }) => api<DrillProgress>('/api/drill/summary', { signal }), staleTime: 0 });

/** The question to answer now (its clock starts at its first serve): fetched when the screen shows it. */
export const useDrillToday = (enabled = true) =>
  useQuery({
    queryKey: drillTodayKey,
    queryFn: ({ signal }) => api<DrillToday>('/api/drill/today', { signal, toastOnNetworkError: false }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (n, e) => !(e instanceof ApiError && e.isNetwork) && n < 2,
    enabled,
  });

/** Sends an answer online (a network failure is left to the screen, which keeps the answer for later). */
export function useDrillAnswer() {
  const client = useQueryClient();
  const user = useSession().data?.user.id;
  return useMutation({
    mutationFn: (body: DrillAnswer) => api<DrillOutcome>(DRILL_ANSWERS_URL, { method: 'POST', body, toastOnNetworkError: false }),
    onSuccess: (_, body) => {
      if (user) forgetKeptQuestion(user, body.questionId);
      void client.invalidateQueries({ queryKey: drillSummaryKey });
    },
  });
}
