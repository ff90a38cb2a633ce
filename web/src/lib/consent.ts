// Consent to analytics tracking (PDPA, issue 34; docs/API.md "PDPA"): the person's answer to the privacy
// notice, and the tracker told what it may send. The notice itself is user/profile/ConsentNotice.tsx.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { useSession } from './session';
import { tracker } from './tracking';

export type ConsentChoice = 'accepted' | 'declined';

export interface ConsentAnswer {
  noticeVersion: number;
  /** The company's setting: tracking waits for consent. */
  required: boolean;
  choice: ConsentChoice | null;
  answeredVersion: number | null;
  answeredAt: string | null;
  /** Show the notice: consent is required and this notice was not answered yet. */
  ask: boolean;
  /** Whether this person's usage may be recorded now. */
  tracking: boolean;
}

export const consentKey = ['me', 'privacy', 'consent'] as const;

export function useConsent() {
  const { status, data } = useSession();
  return useQuery({
    queryKey: [...consentKey, data?.user.id],
    queryFn: ({ signal }) => api<ConsentAnswer>('/api/me/privacy/consent', { signal, toastOnNetworkError: false }),
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}

export function useAnswerConsent() {
  const { data } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ConsentChoice) => api<ConsentAnswer>('/api/me/privacy/consent', { method: 'PUT', body: { choice } }),
    onSuccess: (answer) => {
      client.setQueryData([...consentKey, data?.user.id], answer);
      tracker.setConsent(answer.tracking);
    },
  });
}

/** Tells the tracker, once the answer is known, whether the signed-in person's events may go out. */
// Mounted after RouteTracking, whose setUser (which forgets the previous person's answer) runs first.
export function TrackingConsent() {
  const { data: session } = useSession();
  const { data } = useConsent();
  const tracking = data?.tracking;
  const userId = session?.user.id;
  useEffect(() => {
    if (tracking !== undefined) tracker.setConsent(tracking);
  }, [tracking, userId]);
  return null;
}
