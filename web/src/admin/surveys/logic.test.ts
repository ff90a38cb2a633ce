import { describe, expect, it } from 'vitest';
import { share, surveyExportUrl, surveyResultsUrl, valueLabels } from './logic';

describe('survey admin logic', () => {
  it('builds the results and export addresses with the breakdown', () => {
    expect(surveyResultsUrl('a b')).toBe('/api/admin/surveys/a%20b/results');
    expect(surveyResultsUrl('x', 'store')).toBe('/api/admin/surveys/x/results?by=store');
    expect(surveyExportUrl('x', 'xlsx', 'region')).toBe('/api/admin/surveys/x/results/export?format=xlsx&by=region');
  });
  it('labels the bars per kind', () => {
    expect(valueLabels('rating', [0, 0, 0, 0, 0])).toEqual(['1', '2', '3', '4', '5']);
    expect(valueLabels('nps', Array(11).fill(0))[10]).toBe('10');
    expect(valueLabels('single', [1, 2, 3], ['a', 'b'])).toEqual(['a', 'b', '#3']);
  });
  it('computes shares with one decimal', () => {
    expect(share(1, 7)).toBe(14.3);
    expect(share(0, 0)).toBe(0);
  });
});
