import { describe, expect, it } from 'vitest';
import { countsOption, groupedOption, npsColour, npsGaugeOption } from './charts';
import { readableAnswer, surveyResponsesExportUrl, surveyResponsesUrl, share, surveyExportUrl, surveyResultsUrl, valueLabels } from './logic';

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
  it('charts: horizontal bars with option texts for choices, NPS bars coloured, gauge -100..100', () => {
    const single = countsOption({ id: 'q', kind: 'single', text: 'Q', answered: 4, counts: [3, 1], options: ['Yes', 'No'] }) as {
      yAxis: { type: string; data: string[] };
      series: { data: number[] }[];
    };
    expect(single.yAxis).toMatchObject({ type: 'category', data: ['Yes', 'No'] });
    expect(single.series[0]!.data).toEqual([3, 1]);
    const nps = countsOption({ id: 'n', kind: 'nps', text: 'N', answered: 3, counts: [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1] }) as {
      xAxis: { data: string[] };
      series: { data: { value: number; itemStyle: { color: string } }[] }[];
    };
    expect(nps.xAxis.data).toHaveLength(11);
    expect([0, 6, 7, 8, 9, 10].map((i) => nps.series[0]!.data[i]!.itemStyle.color)).toEqual([npsColour(0), npsColour(6), npsColour(7), npsColour(8), npsColour(9), npsColour(10)]);
    expect(new Set([npsColour(6), npsColour(7), npsColour(9)]).size).toBe(3);
    expect(countsOption({ id: 't', kind: 'short_text', text: 'T', answered: 1, counts: [] })).toBeNull();
    const gauge = npsGaugeOption(-20) as { series: { min: number; max: number; data: { value: number }[] }[] };
    expect(gauge.series[0]!).toMatchObject({ min: -100, max: 100, data: [{ value: -20 }] });
  });
  it('charts: the breakdown compares shares per group', () => {
    const base = { id: 'r', kind: 'rating' as const, text: 'R', answered: 10, counts: [0, 0, 0, 5, 5] };
    const rows = [
      { label: 'A', responses: 6, q: { ...base, answered: 6, counts: [0, 0, 0, 3, 3] } },
      { label: 'Other', responses: 4, q: { ...base, answered: 4, counts: [0, 0, 0, 2, 2] } },
    ];
    const o = groupedOption(rows, base) as { series: { name: string; data: number[] }[] };
    expect(o.series.map((s) => s.name)).toEqual(['A', 'Other']);
    expect(o.series[0]!.data).toEqual([0, 0, 0, 50, 50]);
  });
  it('reads the answers of a response and builds its addresses', () => {
    const choice = { id: 'q', kind: 'multiple' as const, text: 'Q', options: ['a', 'b', 'c'] };
    expect(readableAnswer(choice, [0, 2])).toBe('a, c');
    expect(readableAnswer({ ...choice, kind: 'nps' }, 9)).toBe('9');
    expect(readableAnswer({ ...choice, kind: 'short_text' }, 'x')).toBe('x');
    expect(readableAnswer(choice, undefined)).toBe('');
    expect(surveyResponsesUrl('a b', 20, 20)).toBe('/api/admin/surveys/a%20b/responses?offset=20&limit=20');
    expect(surveyResponsesExportUrl('x', 'csv')).toBe('/api/admin/surveys/x/responses/export?format=csv');
  });
});
