// The admin pulse results' shapes (docs/API.md "Pulse surveys (issue 16 …)") and the trend chart's option,
// kept pure so they are tested without a browser.
import type { AnswerScores } from '../../lib/surveys/types';
import type { ChartOption } from '../resources/charts/Chart';

export interface TrendPoint extends AnswerScores {
  period: string;
  withheld: boolean;
  answered?: number;
  counts?: number[];
}

export interface PulseQuestionTrend {
  id: string;
  kind: 'single' | 'rating' | 'nps' | 'short_text' | 'long_text';
  text: string;
  options?: string[];
  trend: TrendPoint[];
}

export interface PulseResults {
  pulse: { id: string; title: string; recurrence: 'weekly' | 'monthly'; anonymous: boolean; cooldown: number; questionsPerPeriod: number };
  periods: { key: string; respondents: number }[];
  /** This period's answers in the ballot box, counted five at a time (or when the period is over). */
  waiting?: number;
  questions: PulseQuestionTrend[];
}

export const pulseResultsUrl = (id: string) => `/api/admin/pulses/${encodeURIComponent(id)}/results`;

/** The figure a question's trend line follows: the average (rating 1-5), NPS (−100..100) or, for a single
 * choice, the share of its first option (%); texts have no line. */
export function lineOf(q: PulseQuestionTrend): { values: (number | null)[]; min: number; max: number } | null {
  const pick = (p: TrendPoint): number | null => {
    if (p.withheld || !p.answered) return null;
    if (q.kind === 'rating') return p.average ?? null;
    if (q.kind === 'nps') return p.nps ?? null;
    if (q.kind === 'single') return Math.round(((p.counts?.[0] ?? 0) * 1000) / p.answered) / 10;
    return null;
  };
  if (q.kind === 'short_text' || q.kind === 'long_text') return null;
  const range = q.kind === 'rating' ? [1, 5] : q.kind === 'nps' ? [-100, 100] : [0, 100];
  return { values: q.trend.map(pick), min: range[0]!, max: range[1]! };
}

/** The ECharts option of one question's trend: one line (gaps where a period is withheld or empty) and the
 * answers per period as a second, faint line on its own axis. */
export function trendOption(q: PulseQuestionTrend, name: string, answeredName: string): ChartOption | null {
  const line = lineOf(q);
  if (!line) return null;
  return {
    animation: false,
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [name, answeredName] },
    xAxis: { type: 'category', data: q.trend.map((p) => p.period) },
    yAxis: [
      { type: 'value', min: line.min, max: line.max },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name, type: 'line', data: line.values, connectNulls: false, symbolSize: 8, lineStyle: { width: 3 } },
      { name: answeredName, type: 'line', yAxisIndex: 1, data: q.trend.map((p) => (p.withheld ? null : (p.answered ?? 0))), lineStyle: { type: 'dashed', opacity: 0.5 }, itemStyle: { opacity: 0.5 } },
    ],
  } as ChartOption;
}
