// Pure bits shared by the pulse page (lazy) and Home's light card: the query, which pulse waits for me.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PulseItem, PulsesAnswer } from './types';

export const pulsesKey = ['pulses'] as const;

/** GET /api/pulses: this period's questions for me and the latest "you said, we did" updates. */
export const usePulses = (opts: { quiet?: boolean } = {}) =>
  useQuery({
    queryKey: pulsesKey,
    queryFn: ({ signal }) => api<PulsesAnswer>('/api/pulses', { signal, toastOnNetworkError: !opts.quiet }),
    staleTime: opts.quiet ? 30_000 : 0,
    retry: opts.quiet ? false : 3,
  });

/** The first pulse with questions for me this period (none once answered or while every question cools down). */
export function waiting(items: PulseItem[] | undefined): PulseItem | undefined {
  return items?.find((p) => !p.answered && p.questions.length > 0);
}
