import { describe, expect, it } from 'vitest';
import { nextPage, tableLoading } from './paging';

describe('nextPage', () => {
  it('goes to the page asked for while the size stays', () => {
    expect(nextPage({ page: 1, pageSize: 20 }, 3, 20)).toEqual({ page: 3, pageSize: 20 });
  });
  it('goes back to page 1 when the size changes', () => {
    expect(nextPage({ page: 4, pageSize: 20 }, 4, 50)).toEqual({ page: 1, pageSize: 50 });
  });
  it('keeps the size antd did not report', () => {
    expect(nextPage({ page: 2, pageSize: 10 }, 5, undefined)).toEqual({ page: 5, pageSize: 10 });
  });
});

describe('tableLoading', () => {
  it('spins on the first load and on a page still showing the previous one, not on a refetch', () => {
    expect(tableLoading({ isLoading: true, isFetching: true, isPlaceholderData: false })).toBe(true);
    expect(tableLoading({ isLoading: false, isFetching: true, isPlaceholderData: true })).toBe(true);
    expect(tableLoading({ isLoading: false, isFetching: true, isPlaceholderData: false })).toBe(false);
  });
});
