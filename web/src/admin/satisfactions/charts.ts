// ECharts options of the satisfaction screen (pure): the 1-5 star distribution and the weekly trend.
import type { ChartOption } from '../resources/charts/types';
import { shares, type Stats, type TrendWeek } from './logic';

/** Bar colour per star count, 1 (red) to 5 (green), as the per-item mini bars. */
export const starColours = ['#cf1322', '#fa8c16', '#fadb14', '#95de64', '#389e0d'];

/** Horizontal bars, 5 stars at the top, each with its count and share. */
export function distributionOption(s: Stats, starsLabel: (n: number) => string): ChartOption {
  const rows = shares(s);
  return {
    grid: { left: 4, right: 64, top: 4, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, show: false },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => starsLabel(r.stars)), axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 18,
        data: rows.map((r) => ({ value: r.count, itemStyle: { color: starColours[r.stars - 1] } })),
        label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => { const r = rows[p.dataIndex]; return r ? `${r.count} · ${r.percent}%` : ''; } },
      },
    ],
  };
}

/** Weekly average (line, 0-5) over the number of ratings (bars, right axis); weeks without ratings leave a gap. */
export function trendOption(weeks: TrendWeek[], weekLabel: (w: TrendWeek) => string, names: { average: string; count: string }): ChartOption {
  return {
    grid: { left: 4, right: 4, top: 32, bottom: 4, containLabel: true },
    legend: { top: 0, data: [names.average, names.count] },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: weeks.map(weekLabel) },
    yAxis: [
      { type: 'value', min: 0, max: 5, interval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.count, yAxisIndex: 1, data: weeks.map((w) => w.count), itemStyle: { color: '#d9e8e5' }, barMaxWidth: 24 },
      {
        type: 'line',
        name: names.average,
        data: weeks.map((w) => (w.count ? Number(w.average.toFixed(2)) : null)),
        connectNulls: false,
        itemStyle: { color: '#1f7a6d' },
        lineStyle: { width: 3 },
        symbolSize: 7,
      },
    ],
  };
}
