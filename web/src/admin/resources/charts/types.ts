// An ECharts option as the screens build it, and what the chart component takes (here, not in Chart.tsx,
// so the lazily loaded EChart.tsx names it without importing its loader back). Type-only import: no ECharts code comes with it.
import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  option: ChartOption;
  /** CSS height of the chart; its width follows the container. */
  height: number;
  /** What the chart shows, for screen readers (the figures are also in the surrounding text or table). */
  label: string;
  testId?: string;
}
