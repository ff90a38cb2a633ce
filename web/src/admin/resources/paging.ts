// A server-paged table's plumbing, one for every back-office list: page and size, back to page 1 when the
// size changes (the old page may not exist any more), antd's pagination object, and when to show the spinner.
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [20, 50, 100];

export interface Paged {
  page: number;
  pageSize: number;
}

/** Where a table goes after antd reports a page / size change. */
export function nextPage(was: Paged, current: number | undefined, size: number): Paged;
export function nextPage(was: Partial<Paged>, current: number | undefined, size: number | undefined): { page: number; pageSize?: number };
export function nextPage(was: Partial<Paged>, current: number | undefined, size: number | undefined) {
  const pageSize = size ?? was.pageSize;
  return { page: pageSize !== was.pageSize ? 1 : (current ?? 1), pageSize };
}

/** antd's pagination for a server-paged list; `counted` adds the "1–20 of 345" line. */
export function paginationOf(
  t: TFunction,
  { page, pageSize, total, sizes = PAGE_SIZES, counted = true, onChange }: Partial<Paged> & { total: number; sizes?: number[]; counted?: boolean; onChange?: (current: number, size: number) => void },
): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: sizes,
    ...(counted ? { showTotal: (n: number, range: [number, number]) => t('resource.total', { from: range[0], to: range[1], total: n }) } : {}),
    ...(onChange ? { onChange } : {}),
  };
}

/** Spinner on the first load and while a page that is not yet here shows the previous one (keepPreviousData). */
export function tableLoading(q: { isLoading: boolean; isFetching: boolean; isPlaceholderData: boolean }): boolean {
  return q.isLoading || (q.isFetching && q.isPlaceholderData);
}

/** Page state of one list; `pagination(total)` goes on the Table, `setPage(1)` when a filter changes. */
export function usePaging(firstSize = PAGE_SIZES[0]!, sizes = PAGE_SIZES, counted = true) {
  const { t } = useTranslation();
  const [paged, setPaged] = useState<Paged>({ page: 1, pageSize: firstSize });
  return {
    page: paged.page,
    pageSize: paged.pageSize,
    setPage: (page: number) => setPaged((p) => ({ ...p, page })),
    pagination: (total: number | undefined) =>
      paginationOf(t, { ...paged, total: total ?? 0, sizes, counted, onChange: (current, size) => setPaged((p) => nextPage(p, current, size)) }),
  };
}
