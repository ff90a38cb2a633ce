// The pulses' client, shared by the pulse page (lazy) and Home's light card.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PulsesAnswer } from './types';

export const pulsesKey = ['pulses'] as const;

/** GET /api/pulses: this period's questions for me and the latest "you said, we did" updates. */
export const usePulses = (opts: { quiet?: boolean } = {}) =>
  useQuery({
    queryKey: pulsesKey,
    queryFn: ({ signal }) => api<PulsesAnswer>('/api/pulses', { signal, toastOnNetworkError: !opts.quiet }),
    staleTime: opts.quiet ? 30_000 : 0,
    retry: opts.quiet ? false : 3,
  });
