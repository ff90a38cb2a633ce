// The members club's back-office rules that need no React and no antd (docs/API.md "Members club"): which
// actions a redemption allows, the queue's filters as the query string the server reads, and CSV text as the
// codes import / mark-used calls send it. Cheap to unit test (logic.test.ts).
import type { ExportFormat } from '../resources/ExportButtons';

export type RedemptionStatus = 'pending' | 'approved' | 'fulfilled' | 'rejected' | 'cancelled';
export const REDEMPTION_STATUSES: RedemptionStatus[] = ['pending', 'approved', 'fulfilled', 'rejected', 'cancelled'];

export type RedemptionAction = 'approve' | 'reject' | 'fulfil';
export const REDEMPTION_ACTIONS: RedemptionAction[] = ['approve', 'reject', 'fulfil'];

/**
 * What an admin may do from each status. Pending is approved or rejected (points and stock go back); an
 * approved redemption is handed over (fulfilled) or still rejected (e.g. the item turned out missing). The
 * server is the judge: a transition it refuses answers NOT_OPEN (409), shown like any failure.
 */
const TRANSITIONS: Record<RedemptionStatus, RedemptionAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['fulfil', 'reject'],
  fulfilled: [],
  rejected: [],
  cancelled: [],
};

export function allowedActions(status: string): RedemptionAction[] {
  return TRANSITIONS[status as RedemptionStatus] ?? [];
}

export const canDo = (status: string, action: RedemptionAction): boolean => allowedActions(status).includes(action);

/** The ids of `rows` that allow `action` now (a bulk action sends only these). */
export function eligibleIds(rows: { id: string; status: string }[], action: RedemptionAction): string[] {
  return rows.filter((r) => canDo(r.status, action)).map((r) => r.id);
}

/** Bulk actions worth offering for a selection: those at least one selected row allows, in a fixed order. */
export function bulkActionsFor(rows: { status: string }[]): RedemptionAction[] {
  return REDEMPTION_ACTIONS.filter((a) => rows.some((r) => canDo(r.status, a)));
}

/** A reject needs a reason (the employee sees it); the others may carry one. */
export const needsReason = (action: RedemptionAction): boolean => action === 'reject';

export interface RedemptionFilters {
  /** '' = every status. */
  status: RedemptionStatus | '';
  store?: string;
  reward?: string;
  /** Calendar days `YYYY-MM-DD`, both included, in the admin's time zone. */
  from?: string;
  to?: string;
  q?: string;
}

export const DEFAULT_FILTERS: RedemptionFilters = { status: 'pending' };

/** The filters a link names (`?status=&store=&reward=&from=&to=`); the defaults for the rest. */
export function filtersFromQuery(q: URLSearchParams): RedemptionFilters {
  const status = q.get('status');
  const f: RedemptionFilters = { status: status === 'all' ? '' : status && (REDEMPTION_STATUSES as string[]).includes(status) ? (status as RedemptionStatus) : DEFAULT_FILTERS.status };
  for (const k of ['store', 'reward', 'from', 'to'] as const) {
    const v = q.get(k);
    if (v) f[k] = v;
  }
  return f;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The start of a local calendar day as an ISO instant (`2026-11-22` in Bangkok → `2026-11-21T17:00:00.000Z`);
 * `plusDays` moves it (the exclusive end of a range is the start of the day after its last day).
 */
export function dayStartIso(day: string, plusDays = 0): string | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/**
 * The filters as query parameters: empty ones left out, the day range as instants (`from` the first
 * day's start, `to` the start of the day after the last: exclusive). `paging` adds page / pageSize;
 * `withSearch` the search text (the export takes the filters only, as the contract names them).
 */
export function filterParams(f: RedemptionFilters, opts: { page?: number; pageSize?: number; withSearch?: boolean } = {}): URLSearchParams {
  const s = new URLSearchParams();
  if (f.status) s.set('status', f.status);
  if (f.store) s.set('store', f.store);
  if (f.reward) s.set('reward', f.reward);
  const from = f.from ? dayStartIso(f.from) : undefined;
  const to = f.to ? dayStartIso(f.to, 1) : undefined;
  if (from) s.set('from', from);
  if (to) s.set('to', to);
  if ((opts.withSearch ?? true) && f.q?.trim()) s.set('q', f.q.trim());
  if (opts.page && opts.page > 1) s.set('page', String(opts.page));
  if (opts.pageSize) s.set('pageSize', String(opts.pageSize));
  return s;
}

export function redemptionsUrl(f: RedemptionFilters, page: number, pageSize: number): string {
  const q = filterParams(f, { page, pageSize }).toString();
  return `/api/admin/redemptions${q ? `?${q}` : ''}`;
}


/** The pick list download of the current filters (cookies authenticate the GET). */
export function redemptionsExportUrl(f: RedemptionFilters, format: ExportFormat): string {
  const s = filterParams(f, { withSearch: false });
  const q = new URLSearchParams({ format });
  for (const [k, v] of s) q.set(k, v);
  return `/api/admin/redemptions/export?${q.toString()}`;
}

export const picksExportUrl = (periodId: string, format: ExportFormat): string =>
  `/api/admin/gift-periods/${encodeURIComponent(periodId)}/picks/export?format=${format}`;

/** The JSON body limit of the server is 1 MiB; the CSV travels inside JSON, so keep well under it. */
export const MAX_CSV_BYTES = 900 * 1024;

export interface PreparedCsv {
  /** The text as sent: no BOM, LF line ends, no trailing blank lines. */
  text: string;
  /** Non-blank lines (a header line included, if any). */
  lines: number;
  /** UTF-8 size of `text`. */
  bytes: number;
  tooLarge: boolean;
  empty: boolean;
}

/** Pasted or uploaded CSV text, tidied the same way whatever its source (Excel adds a BOM and CRLF). */
export function prepareCsv(raw: string): PreparedCsv {
  const text = raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '');
  const lines = text.split('\n').filter((l) => l.trim() !== '').length;
  const bytes = new TextEncoder().encode(text).length;
  return { text, lines, bytes, tooLarge: bytes > MAX_CSV_BYTES, empty: lines === 0 };
}

export interface CsvRow {
  line: number;
  code: string;
  error: string | null;
  errorCode: unknown;
}

/** Rows with and without a problem, for the dry run's summary. */
export function csvSummary(rows: CsvRow[]): { ok: number; errors: number } {
  const errors = rows.filter((r) => r.error || r.errorCode).length;
  return { ok: rows.length - errors, errors };
}

/** A row's error code as the message mapper takes it: `"DUPLICATE"` or `{code, params}`. */
export function rowErrorCode(c: unknown): { code: string; params?: Record<string, unknown> } | undefined {
  if (typeof c === 'string' && c) return { code: c };
  if (typeof c === 'object' && c !== null && typeof (c as { code?: unknown }).code === 'string') return c as { code: string; params?: Record<string, unknown> };
  return undefined;
}

export interface BulkResult {
  done: string[];
  failed: { id: string; code: string; message: string }[];
}

/** Counts of a bulk answer, plus the selected rows that were never sent (not allowed from their status). */
export function bulkCounts(result: BulkResult, selected: number, sent: number): { done: number; failed: number; skipped: number } {
  return { done: result.done.length, failed: result.failed.length, skipped: Math.max(0, selected - sent) };
}

/** Bounds of the generate form (docs/API.md). */
export const GENERATE = { minCount: 1, maxCount: 10000, minLength: 6, maxLength: 20, defaultLength: 10 } as const;

/** A code prefix is optional: letters, digits and dashes, at most 20 (the server has the last word). */
export function prefixProblem(prefix: string): 'chars' | 'long' | null {
  if (!prefix) return null;
  if (!/^[A-Za-z0-9-]+$/.test(prefix)) return 'chars';
  if (prefix.length > 20) return 'long';
  return null;
}
