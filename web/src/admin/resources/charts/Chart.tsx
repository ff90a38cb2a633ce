// The back office's one chart component (Apache ECharts). This file is tiny on purpose: ECharts itself is in
// EChart.tsx, loaded on first use, so it never lands in the admin's first chunk (nor anywhere in the staff
// app). Screens build an ECharts option (pure functions, unit-tested) and hand it over.
import { lazy, Suspense } from 'react';
import type { ChartProps } from './types';

export type { ChartOption, ChartProps } from './types';

const EChart = lazy(() => import('./EChart'));

export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<div className="sf-chart" style={{ height: props.height }} aria-busy="true" />}>
      <EChart {...props} />
    </Suspense>
  );
}
