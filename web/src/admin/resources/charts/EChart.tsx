// ECharts with only what the back office draws (bar, line, gauge, pie; grid, tooltip, legend, title), SVG
// renderer (crisp, light for small charts). Loaded lazily by Chart.tsx. Follows its container's size and is
// disposed on unmount.
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartProps } from './types';

use([BarChart, LineChart, GaugeChart, PieChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, SVGRenderer]);

export default function EChart({ option, height, label, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!chart.current || !el) return;
    // The page's font (ECharts' default sans-serif has no Thai glyphs in some browsers); notMerge: a new
    // option replaces the old one (series may come and go between renders).
    chart.current.setOption({ textStyle: { fontFamily: getComputedStyle(el).fontFamily }, ...option }, true);
  }, [option]);

  return <div ref={box} className="sf-chart" style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
