// The club's own back-office calls (docs/API.md "Members club", Back office), beside the kit resources
// `rewards`, `coupon-batches`, `gift-periods`, `gift-options` that the generic data hooks read.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Item } from '../resources/schema';
import { redemptionsUrl, type BulkResult, type CsvRow, type RedemptionAction, type RedemptionFilters, type RedemptionStatus } from './logic';
import type { Address } from '../../lib/club';

export interface Person {
  id: string;
  name: string;
  employeeId: string;
}

export interface AdminRedemption {
  id: string;
  reward: { id: string; title: string; image: { id: string; url: string } | null };
  cost: number;
  status: RedemptionStatus;
  method: 'pickup' | 'delivery';
  store: { id: string; name: string } | null;
  address: Address | null;
  reason: string | null;
  createdAt: string;
  events: { status: RedemptionStatus; reason: string | null; at: string }[];
  user: Person;
  version: number;
}

const enc = encodeURIComponent;

export function useRedemptions(filters: RedemptionFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'club', 'redemptions', filters, page, pageSize],
    queryFn: ({ signal }) => api<{ items: AdminRedemption[]; total: number }>(redemptionsUrl(filters, page, pageSize), { signal }),
    placeholderData: keepPreviousData,
  });
}

export const actOnRedemption = (id: string, action: RedemptionAction, reason?: string) =>
  api<{ redemption: AdminRedemption }>(`/api/admin/redemptions/${enc(id)}/${action}`, { method: 'POST', body: reason ? { reason } : {} });

export const bulkRedemptions = (ids: string[], action: RedemptionAction, reason?: string) =>
  api<BulkResult>('/api/admin/redemptions/bulk', { method: 'POST', body: reason ? { ids, action, reason } : { ids, action } });

export const adjustStock = (rewardId: string, delta: number, reason: string) =>
  api<Item>(`/api/admin/rewards/${enc(rewardId)}/stock`, { method: 'POST', body: { delta, reason } });

export type CodeStatus = 'free' | 'claimed' | 'used';

export interface CouponCode {
  id: string;
  code: string;
  claimedBy: Person | null;
  claimedAt: string | null;
  usedAt: string | null;
}

export interface CodesPage {
  items: CouponCode[];
  total: number;
  counts: Record<CodeStatus, number>;
}

export function useCodes(batchId: string, status: CodeStatus | '', page: number, pageSize: number) {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (page > 1) q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  return useQuery({
    queryKey: ['admin', 'club', 'codes', batchId, status, page, pageSize],
    queryFn: ({ signal }) => api<CodesPage>(`/api/admin/coupon-batches/${enc(batchId)}/codes?${q.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!batchId,
  });
}

/** The two CSV calls of a batch: add codes (`import`) and mark the partner's used codes (`used`). */
export type CodesCsvKind = 'import' | 'used';

export interface CodesCsvReport {
  rows: CsvRow[];
  /** `added` for an import, `marked` for used codes. */
  count: number;
}

export async function sendCodesCsv(batchId: string, kind: CodesCsvKind, csv: string, dryRun: boolean): Promise<CodesCsvReport> {
  const url = `/api/admin/coupon-batches/${enc(batchId)}/codes/${kind === 'import' ? 'import' : 'used'}`;
  const res = await api<{ rows?: CsvRow[]; added?: number; marked?: number }>(url, { method: 'POST', body: { csv, dryRun } });
  return { rows: res.rows ?? [], count: Number((kind === 'import' ? res.added : res.marked) ?? 0) };
}

export const generateCodes = (batchId: string, body: { count: number; length: number; prefix?: string }) =>
  api<{ added: number }>(`/api/admin/coupon-batches/${enc(batchId)}/codes/generate`, { method: 'POST', body });

export interface GiftPick {
  user: Person;
  store: { id: string; name: string } | null;
  option: { id: string; title: string };
  pickedAt: string;
}

export interface PicksReport {
  items: GiftPick[];
  options: { id: string; title: string; stock: number; picked: number }[];
}

export function usePicks(periodId: string) {
  return useQuery({
    queryKey: ['admin', 'club', 'picks', periodId],
    queryFn: ({ signal }) => api<PicksReport>(`/api/admin/gift-periods/${enc(periodId)}/picks`, { signal }),
    enabled: !!periodId,
  });
}

export const closePeriod = (periodId: string) => api<unknown>(`/api/admin/gift-periods/${enc(periodId)}/close`, { method: 'POST', body: {} });

/** Refetch every club query (and the kit lists) after a write. */
export function useInvalidateClub() {
  const qc = useQueryClient();
  return (what: 'redemptions' | 'codes' | 'picks') => qc.invalidateQueries({ queryKey: ['admin', 'club', what] });
}
