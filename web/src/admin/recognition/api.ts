// The recognition back office's own calls (docs/API.md "Recognition: badges and stickers", Back office),
// beside the kit resources `badges`, `sticker-sets` and `stickers` the generic hooks read.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Item } from '../resources/schema';
import { backfillOf, backfillPollInterval, holdersUrl } from './logic';

export interface Holder {
  user: { id: string; name: string; employeeId: string };
  awardedAt: string;
  awardedBy: { id: string; name: string } | string | null;
  reason: string | null;
}

export const holdersKey = (badgeId: string) => ['admin', 'recognition', 'holders', badgeId] as const;

export function useHolders(badgeId: string, params: { page: number; pageSize: number; q: string }) {
  return useQuery({
    queryKey: [...holdersKey(badgeId), params],
    queryFn: ({ signal }) => api<{ items: Holder[]; total: number }>(holdersUrl(badgeId, params), { signal }),
    placeholderData: keepPreviousData,
    enabled: !!badgeId,
  });
}

const enc = encodeURIComponent;

export const awardBadge = (badgeId: string, userId: string, reason: string) =>
  api<{ award: unknown }>(`/api/admin/badges/${enc(badgeId)}/award`, { method: 'POST', body: { userId, reason } });

export const revokeBadge = (badgeId: string, userId: string, reason: string) =>
  api<unknown>(`/api/admin/badges/${enc(badgeId)}/revoke`, { method: 'POST', body: { userId, reason } });

/**
 * A badge read again every 2 s while its backfill runs (the list's row or the badge's screen): starts from
 * the item the caller has, stops when the run is over and then refreshes the lists (the awarded count moved).
 */
export function useBackfillItem(item: Item | undefined) {
  const qc = useQueryClient();
  const id = item?.id ?? '';
  const running = backfillOf(item?.backfill)?.state === 'running';
  return useQuery({
    queryKey: ['admin', 'recognition', 'backfill', id],
    queryFn: async ({ signal }) => {
      const fresh = await api<Item>(`/api/admin/badges/${enc(id)}`, { signal });
      if (backfillOf(fresh.backfill)?.state !== 'running') {
        void qc.invalidateQueries({ queryKey: ['admin', 'res', 'badges'] });
        void qc.invalidateQueries({ queryKey: holdersKey(id) });
      }
      return fresh;
    },
    enabled: running,
    initialData: item,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (q) => backfillPollInterval(backfillOf(q.state.data?.backfill)),
  });
}
