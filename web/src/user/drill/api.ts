// Queries and writes of the daily drill (docs/API.md "Daily drill").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { drillSummaryKey, drillTodayKey } from './logic';
import type { DrillOutcome, DrillPair, DrillProgress, DrillToday } from './types';

/** Home's card: the day's progress, starting no question's clock. */
export const useDrillSummary = () =>
  useQuery({ queryKey: drillSummaryKey, queryFn: ({ signal }) => api<DrillProgress>('/api/drill/summary', { signal }), staleTime: 0 });

/** The question to answer now (its clock starts at its first serve): fetched when the screen shows it. */
export const useDrillToday = () =>
  useQuery({ queryKey: drillTodayKey, queryFn: ({ signal }) => api<DrillToday>('/api/drill/today', { signal }), staleTime: Infinity, refetchOnWindowFocus: false });

export function useDrillAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { questionId: string; choices?: string[]; pairs?: DrillPair[] }) => api<DrillOutcome>('/api/drill/today/answers', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: drillSummaryKey }),
  });
}
