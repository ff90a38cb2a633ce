// Queries and writes of the club's staff screens (docs/API.md "Members club (issue 11)", Staff).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { applyPick, clubErrorKey } from './logic';
import type {
  CouponClaim, CouponsAnswer, GiftPeriod, GiftPick, GiftsAnswer, RedeemBody, Redemption, RewardDetailAnswer, RewardsList,
} from './types';

/** ['club', …]: the Club tab's summary (['club', 'summary'], fetched by the tab itself) and every screen here. */
export const clubKeys = {
  all: ['club'] as const,
  rewards: ['club', 'rewards'] as const,
  reward: (id: string) => ['club', 'reward', id] as const,
  redemptions: ['club', 'redemptions'] as const,
  coupons: ['club', 'coupons'] as const,
  gifts: ['club', 'gifts'] as const,
};

const enc = encodeURIComponent;

/** After points or stock moved: the club screens, the points history and Home's balance are stale. */
export function invalidateClub(client: QueryClient) {
  void client.invalidateQueries({ queryKey: clubKeys.all });
  void client.invalidateQueries({ queryKey: ['my-points'] });
  void client.invalidateQueries({ queryKey: ['home'] });
}

/** A club error in the UI language: the club's text for the codes it knows, else the server's (localised) message. */
/** `offline`: the action's own text when the connection is down (lib/errorText.ts). */
export const clubErrorText = (t: TFunction, error: unknown, offline?: string) =>
  errorText(t, error, { generic: 'clubScreens.error.generic', ownKey: clubErrorKey, offline });

export const useRewards = () =>
  useQuery({ queryKey: clubKeys.rewards, queryFn: ({ signal }) => api<RewardsList>('/api/club/rewards', { signal }), staleTime: 10_000 });

export const useReward = (id: string) =>
  useQuery({
    queryKey: clubKeys.reward(id),
    queryFn: ({ signal }) => api<RewardDetailAnswer>(`/api/club/rewards/${enc(id)}`, { signal }),
    staleTime: 0,
    enabled: !!id,
  });

export function useRedeem(id: string) {
  const client = useQueryClient();
  return useMutation({
    // Offline: tried at once and said not sent (React Query would hold it and send it on its own later).
    networkMode: 'always',
    mutationFn: ({ body, key }: { body: RedeemBody; key: string }) =>
      api<{ redemption: Redemption; balance: number }>(`/api/club/rewards/${enc(id)}/redeem`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        toastOnNetworkError: false, // the sheet says the redemption was not sent (clubErrorText's offline text)
      }),
    onSuccess: () => invalidateClub(client),
    onError: (e) => {
      // Stock, limit or balance moved under us: show the fresh numbers.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) void client.invalidateQueries({ queryKey: clubKeys.all });
    },
  });
}

export const useRedemptions = () =>
  useQuery({
    queryKey: clubKeys.redemptions,
    queryFn: ({ signal }) => api<{ items: Redemption[] }>('/api/club/redemptions', { signal }),
    staleTime: 0,
  });

export function useCancelRedemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ redemption: Redemption; balance: number }>(`/api/club/redemptions/${enc(id)}/cancel`, { method: 'POST' }),
    onSuccess: ({ redemption }) => {
      client.setQueryData<{ items: Redemption[] }>(clubKeys.redemptions, (old) =>
        old ? { items: old.items.map((r) => (r.id === redemption.id ? redemption : r)) } : old,
      );
      invalidateClub(client);
    },
    onError: () => void client.invalidateQueries({ queryKey: clubKeys.redemptions }),
  });
}

export const useCoupons = () =>
  useQuery({ queryKey: clubKeys.coupons, queryFn: ({ signal }) => api<CouponsAnswer>('/api/club/coupons', { signal }), staleTime: 0 });

export function useClaimCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, key }: { batchId: string; key: string }) =>
      api<{ claim: CouponClaim }>(`/api/club/coupons/${enc(batchId)}/claim`, { method: 'POST', headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ claim }) => {
      client.setQueryData<CouponsAnswer>(clubKeys.coupons, (old) =>
        old
          ? {
              items: old.items.map((b) => (b.id === claim.batch.id ? { ...b, claimed: b.claimed + 1, left: Math.max(0, b.left - 1) } : b)),
              mine: [claim, ...old.mine.filter((c) => c.id !== claim.id)],
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: clubKeys.all });
    },
    onError: () => void client.invalidateQueries({ queryKey: clubKeys.coupons }),
  });
}

export const useGifts = () =>
  useQuery({ queryKey: clubKeys.gifts, queryFn: ({ signal }) => api<GiftsAnswer>('/api/club/gifts', { signal }), staleTime: 0 });

export function usePickGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ periodId, optionId }: { periodId: string; optionId: string }) =>
      api<{ pick: GiftPick; period: GiftPeriod }>(`/api/club/gifts/${enc(periodId)}/pick`, { method: 'PUT', body: { optionId } }),
    onSuccess: ({ pick, period }, { periodId, optionId }) => {
      client.setQueryData<GiftsAnswer>(clubKeys.gifts, (old) =>
        old
          ? { periods: old.periods.map((p) => (p.id !== periodId ? p : (period ?? applyPick(p, optionId, pick?.pickedAt ?? new Date().toISOString())))) }
          : old,
      );
      void client.invalidateQueries({ queryKey: clubKeys.all });
    },
    onError: () => void client.invalidateQueries({ queryKey: clubKeys.gifts }),
  });
}
