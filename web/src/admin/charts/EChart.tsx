// One Apache ECharts chart in a div, for the back office's lazy chunks only (never the staff entry chunk).
// Tree-shaken: only the pieces registered here are bundled; add a chart or component to `use([...])` when an
// area needs one. The chart follows its container's width.
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

use([LineChart, GridComponent, LegendComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

export type ChartOption = ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export function EChart({ option, height = 260, testId, label }: { option: ChartOption; height?: number; testId?: string; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = init(el.current, undefined, { renderer: 'svg' });
    // The page's font (ECharts' default sans-serif has no Thai glyphs on some systems).
    chart.setOption({ textStyle: { fontFamily: getComputedStyle(el.current).fontFamily }, ...option });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={el} style={{ width: '100%', height }} role="img" aria-label={label} data-testid={testId} />;
}
