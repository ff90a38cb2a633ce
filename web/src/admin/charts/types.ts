// An ECharts option as the screens build it. Type-only import: no ECharts code comes with it.
import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;
