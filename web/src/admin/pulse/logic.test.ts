import { describe, expect, it } from 'vitest';
import { lineOf, trendOption, type PulseQuestionTrend } from './logic';

const q = (kind: PulseQuestionTrend['kind'], trend: PulseQuestionTrend['trend']): PulseQuestionTrend => ({ id: 'q', kind, text: 'x', trend });

describe('pulse trend lines', () => {
  it('follow the average, NPS or first option share, with gaps for withheld and empty periods', () => {
    expect(lineOf(q('rating', [{ period: 'a', withheld: false, answered: 4, average: 3.25 }, { period: 'b', withheld: true }, { period: 'c', withheld: false, answered: 0, average: null }]))?.values).toEqual([3.25, null, null]);
    expect(lineOf(q('nps', [{ period: 'a', withheld: false, answered: 4, nps: -25 }]))).toEqual({ values: [-25], min: -100, max: 100 });
    expect(lineOf(q('single', [{ period: 'a', withheld: false, answered: 3, counts: [1, 2] }]))?.values).toEqual([33.3]);
    expect(lineOf(q('short_text', []))).toBeNull();
  });
  it('draw periods on the x axis and the answers on a second axis', () => {
    const option = trendOption(q('rating', [{ period: '2026-W47', withheld: false, answered: 6, average: 4 }, { period: '2026-W48', withheld: true }]), 'Average', 'Answers') as { xAxis: { data: string[] }; series: { data: unknown[] }[] };
    expect(option.xAxis.data).toEqual(['2026-W47', '2026-W48']);
    expect(option.series[1]!.data).toEqual([6, null]);
  });
});
