import { describe, expect, it } from 'vitest';
import { distributionOption, trendOption } from './charts';
import { commentsUrl, shares, summaryUrl, trendUrl } from './logic';

describe('satisfaction logic', () => {
  it('shares are of the ratings, five stars first', () => {
    expect(shares({ count: 4, average: 3.75, distribution: [0, 1, 0, 2, 1] })).toEqual([
      { stars: 5, count: 1, percent: 25 },
      { stars: 4, count: 2, percent: 50 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 1, percent: 25 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(shares({ count: 0, average: 0, distribution: [0, 0, 0, 0, 0] }).every((s) => s.percent === 0)).toBe(true);
  });
  it('builds the URLs without empty filters', () => {
    expect(summaryUrl({})).toBe('/api/admin/satisfactions/summary');
    expect(trendUrl({ type: 'course', itemId: 'a b' }, 8)).toBe('/api/admin/satisfactions/trend?type=course&itemId=a+b&weeks=8');
    expect(commentsUrl({}, 'true', 20)).toBe('/api/admin/satisfactions/comments?hidden=true&offset=20&limit=20');
  });
  it('charts: distribution 5 stars first with shares, trend leaves a gap for a week without ratings', () => {
    const dist = distributionOption({ count: 4, average: 3.75, distribution: [0, 1, 0, 2, 1] }, (n) => `${n}*`) as {
      yAxis: { data: string[] };
      series: { data: { value: number }[]; label: { formatter: (p: { dataIndex: number }) => string } }[];
    };
    expect(dist.yAxis.data).toEqual(['5*', '4*', '3*', '2*', '1*']);
    expect(dist.series[0]!.data.map((d) => d.value)).toEqual([1, 2, 0, 1, 0]);
    expect(dist.series[0]!.label.formatter({ dataIndex: 1 })).toBe('2 · 50%');
    const weeks = [
      { weekStart: '2026-11-02', count: 0, average: 0, distribution: [] },
      { weekStart: '2026-11-09', count: 3, average: 4.333, distribution: [] },
    ];
    const trend = trendOption(weeks, (w) => w.weekStart.slice(5), { average: 'avg', count: 'n' }) as { xAxis: { data: string[] }; series: { data: (number | null)[] }[] };
    expect(trend.xAxis.data).toEqual(['11-02', '11-09']);
    expect(trend.series[0]!.data).toEqual([0, 3]);
    expect(trend.series[1]!.data).toEqual([null, 4.33]);
  });
});
