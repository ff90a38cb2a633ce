import { describe, expect, it } from 'vitest';
import { isClosed, leadingOptions, pollExportUrl, pollResultsUrl, pollSummaryFields } from './logic';

describe('polls back office logic', () => {
  it('builds the results and export urls', () => {
    expect(pollResultsUrl('p 1')).toBe('/api/admin/polls/p%201/results');
    expect(pollExportUrl('p1', 'csv')).toBe('/api/admin/polls/p1/results/export?format=csv');
    expect(pollExportUrl('p1', 'xlsx')).toBe('/api/admin/polls/p1/results/export?format=xlsx');
  });

  it('shows maxChoices only for multiple choice', () => {
    expect(pollSummaryFields('single')).not.toContain('maxChoices');
    expect(pollSummaryFields('multiple')).toContain('maxChoices');
  });

  it('finds the leading options, ties included', () => {
    const o = (id: string, votes: number) => ({ id, text: id, image: null, votes, percent: 0 });
    expect([...leadingOptions({ total: 5, options: [o('a', 3), o('b', 3), o('c', 1)] })].sort()).toEqual(['a', 'b']);
    expect(leadingOptions({ total: 0, options: [o('a', 0)] }).size).toBe(0);
    expect(leadingOptions(undefined).size).toBe(0);
  });

  it('tells a closed poll', () => {
    expect(isClosed('2020-01-01T00:00:00Z', Date.parse('2021-01-01T00:00:00Z'))).toBe(true);
    expect(isClosed('2030-01-01T00:00:00Z', Date.parse('2021-01-01T00:00:00Z'))).toBe(false);
    expect(isClosed(null)).toBe(false);
  });
});
