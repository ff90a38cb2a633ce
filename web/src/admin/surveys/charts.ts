// ECharts options of a survey's results (pure: no React, no ECharts code). Choices: horizontal bars with the
// option texts; rating: 1-5; NPS: 0-10 coloured detractor / passive / promoter, and a gauge from -100 to 100.
import type { ChartOption } from '../resources/charts/types';
import { share, valueLabels, type QuestionResult } from './logic';

export const npsColours = { detractor: '#cf1322', passive: '#faad14', promoter: '#389e0d' } as const;
const bar = '#1f7a6d';

/** The colour of an NPS score's bar: 0-6 detractor, 7-8 passive, 9-10 promoter. */
export const npsColour = (score: number): string => (score >= 9 ? npsColours.promoter : score >= 7 ? npsColours.passive : npsColours.detractor);

const tooltip = { trigger: 'axis', axisPointer: { type: 'shadow' } };

/** The bar chart of a question's counts (null for text questions). */
export function countsOption(q: QuestionResult): ChartOption | null {
  if (!q.counts.length) return null;
  const labels = valueLabels(q.kind, q.counts, q.options);
  const label = { show: true, formatter: (p: { value: number }) => `${p.value} (${share(p.value, q.answered)}%)` };
  if (q.kind === 'single' || q.kind === 'multiple') {
    return {
      grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
      tooltip,
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { width: 220, overflow: 'truncate' } },
      series: [{ type: 'bar', data: q.counts, itemStyle: { color: bar }, barMaxWidth: 28, label: { ...label, position: 'right' } }],
    };
  }
  return {
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    tooltip,
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        data: q.counts.map((n, i) => ({ value: n, itemStyle: { color: q.kind === 'nps' ? npsColour(i) : bar } })),
        barMaxWidth: 40,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

/** Height in px that fits a question's bar chart (one row per option for choices). */
export const countsHeight = (q: QuestionResult): number =>
  q.kind === 'single' || q.kind === 'multiple' ? Math.max(120, q.counts.length * 36 + 24) : 220;

/** The NPS gauge, -100 to 100, red below 0, amber to 30, green above. */
export function npsGaugeOption(nps: number): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min: -100,
        max: 100,
        startAngle: 200,
        endAngle: -20,
        splitNumber: 4,
        radius: '95%',
        center: ['50%', '60%'],
        axisLine: { lineStyle: { width: 18, color: [[0.5, npsColours.detractor], [0.65, npsColours.passive], [1, npsColours.promoter]] } },
        pointer: { width: 5, length: '60%', itemStyle: { color: '#434343' } },
        axisTick: { show: false },
        splitLine: { length: 8, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { distance: 24, fontSize: 11, color: 'rgba(0,0,0,0.55)', formatter: (v: number) => (v === -100 || v === 100 ? '' : String(v)) },
        detail: { valueAnimation: false, formatter: (v: number) => (v > 0 ? `+${v}` : `${v}`), fontSize: 28, fontWeight: 600, offsetCenter: [0, '35%'] },
        data: [{ value: nps, name: 'NPS' }],
        title: { offsetCenter: [0, '62%'], fontSize: 12 },
      },
    ],
  };
}

export interface GroupRow {
  label: string;
  responses: number;
  q: QuestionResult;
}

/** Breakdown of one question: grouped bars of each value's share (percent) per group, so groups of
 *  different sizes compare. Null for text questions. */
export function groupedOption(rows: GroupRow[], base: QuestionResult): ChartOption | null {
  if (!base.counts.length || !rows.length) return null;
  const labels = valueLabels(base.kind, base.counts, base.options);
  const horizontal = base.kind === 'single' || base.kind === 'multiple';
  const category = { type: 'category', data: labels, ...(horizontal ? { inverse: true, axisLabel: { width: 200, overflow: 'truncate' } } : {}) };
  const value = { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } };
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: { ...tooltip, valueFormatter: (v: number) => `${v}%` },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: rows.map((r) => ({ type: 'bar', name: r.label, data: r.q.counts.map((n) => share(n, r.q.answered)), barMaxWidth: 18 })),
  };
}

export const groupedHeight = (base: QuestionResult, groups: number): number =>
  base.kind === 'single' || base.kind === 'multiple' ? Math.max(160, base.counts.length * Math.min(groups, 6) * 14 + 60) : 260;
