import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  bulkActionsFor,
  bulkCounts,
  canDo,
  csvSummary,
  dayStartIso,
  eligibleIds,
  filterParams,
  filtersFromQuery,
  MAX_CSV_BYTES,
  needsReason,
  picksExportUrl,
  prefixProblem,
  prepareCsv,
  redemptionsExportUrl,
  redemptionsUrl,
  rowErrorCode,
} from './logic';

describe('redemption actions', () => {
  it('follow the status', () => {
    expect(allowedActions('pending')).toEqual(['approve', 'reject']);
    expect(allowedActions('approved')).toEqual(['fulfil', 'reject']);
    for (const s of ['fulfilled', 'rejected', 'cancelled', 'nonsense']) expect(allowedActions(s)).toEqual([]);
    expect(canDo('pending', 'fulfil')).toBe(false);
    expect(canDo('approved', 'fulfil')).toBe(true);
  });

  it('pick the eligible rows of a selection and the bulk actions worth offering', () => {
    const rows = [
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'approved' },
      { id: 'c', status: 'fulfilled' },
    ];
    expect(eligibleIds(rows, 'approve')).toEqual(['a']);
    expect(eligibleIds(rows, 'reject')).toEqual(['a', 'b']);
    expect(eligibleIds(rows, 'fulfil')).toEqual(['b']);
    expect(bulkActionsFor(rows)).toEqual(['approve', 'reject', 'fulfil']);
    expect(bulkActionsFor([{ status: 'cancelled' }])).toEqual([]);
  });

  it('ask a reason only to reject', () => {
    expect(needsReason('reject')).toBe(true);
    expect(needsReason('approve')).toBe(false);
  });

  it('count a bulk answer', () => {
    expect(bulkCounts({ done: ['a'], failed: [{ id: 'b', code: 'NOT_OPEN', message: 'x' }] }, 5, 2)).toEqual({ done: 1, failed: 1, skipped: 3 });
  });
});

describe('queue filters', () => {
  it('turn local days into instants, the end exclusive', () => {
    const start = dayStartIso('2026-11-22')!;
    const d = new Date(start);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 22, 0]);
    const end = new Date(dayStartIso('2026-11-30', 1)!);
    expect([end.getMonth(), end.getDate(), end.getHours()]).toEqual([11, 1, 0]);
    expect(dayStartIso('22/11/2026')).toBeUndefined();
  });

  it('leave empty parts out and page from 2', () => {
    expect(redemptionsUrl({ status: 'pending' }, 1, 20)).toBe('/api/admin/redemptions?status=pending&pageSize=20');
    expect(redemptionsUrl({ status: '', q: '  ' }, 1, 50)).toBe('/api/admin/redemptions?pageSize=50');
    const s = filterParams({ status: 'approved', store: 's1', reward: 'r1', from: '2026-01-01', to: '2026-01-31', q: ' somchai ' }, { page: 3, pageSize: 20 });
    expect(s.get('status')).toBe('approved');
    expect(s.get('store')).toBe('s1');
    expect(s.get('reward')).toBe('r1');
    expect(s.get('from')).toBe(dayStartIso('2026-01-01'));
    expect(s.get('to')).toBe(dayStartIso('2026-02-01'));
    expect(s.get('q')).toBe('somchai');
    expect(s.get('page')).toBe('3');
  });

  it('export the filters (not the search or the page) in the asked format', () => {
    const url = redemptionsExportUrl({ status: 'approved', store: 's 1', q: 'x' }, 'xlsx');
    expect(url.startsWith('/api/admin/redemptions/export?format=xlsx&')).toBe(true);
    const q = new URLSearchParams(url.split('?')[1]);
    expect(q.get('status')).toBe('approved');
    expect(q.get('store')).toBe('s 1');
    expect(q.has('q')).toBe(false);
    expect(q.has('page')).toBe(false);
    expect(redemptionsExportUrl({ status: '' }, 'csv')).toBe('/api/admin/redemptions/export?format=csv');
    expect(picksExportUrl('p/1', 'csv')).toBe('/api/admin/gift-periods/p%2F1/picks/export?format=csv');
  });
});

describe('CSV text', () => {
  it('drops the BOM, CRLF and trailing blank lines, counts non-blank lines', () => {
    const p = prepareCsv('\uFEFFcode\r\nAB12\r\n\r\nCD34\r\n\r\n');
    expect(p.text).toBe('code\nAB12\n\nCD34');
    expect(p.lines).toBe(3);
    expect(p.empty).toBe(false);
    expect(p.tooLarge).toBe(false);
    expect(prepareCsv('\n\n').empty).toBe(true);
  });

  it('measures UTF-8 bytes against the limit', () => {
    expect(prepareCsv('ก').bytes).toBe(3);
    expect(prepareCsv('x'.repeat(MAX_CSV_BYTES + 1)).tooLarge).toBe(true);
  });

  it('summarises dry-run rows and reads error codes in either shape', () => {
    expect(
      csvSummary([
        { line: 1, code: 'A', error: null, errorCode: null },
        { line: 2, code: 'A', error: 'Duplicate', errorCode: 'DUPLICATE_IN_FILE' },
      ]),
    ).toEqual({ ok: 1, errors: 1 });
    expect(rowErrorCode('EMPTY')).toEqual({ code: 'EMPTY' });
    expect(rowErrorCode({ code: 'TOO_LONG', params: { count: 40 } })).toEqual({ code: 'TOO_LONG', params: { count: 40 } });
    expect(rowErrorCode(null)).toBeUndefined();
    expect(rowErrorCode('')).toBeUndefined();
  });

  it('checks a code prefix', () => {
    expect(prefixProblem('')).toBeNull();
    expect(prefixProblem('SF-')).toBeNull();
    expect(prefixProblem('ลด')).toBe('chars');
    expect(prefixProblem('A'.repeat(21))).toBe('long');
  });
});

describe('filtersFromQuery', () => {
  it('takes the filters a link names, and pending otherwise', () => {
    expect(filtersFromQuery(new URLSearchParams(''))).toEqual({ status: 'pending' });
    expect(filtersFromQuery(new URLSearchParams('status=approved&reward=r1&from=2026-11-01'))).toEqual({ status: 'approved', reward: 'r1', from: '2026-11-01' });
    expect(filtersFromQuery(new URLSearchParams('status=all'))).toEqual({ status: '' });
    expect(filtersFromQuery(new URLSearchParams('status=bogus&store=s1'))).toEqual({ status: 'pending', store: 's1' });
  });
});
