// Pure bits of the surveys' back-office screens (issue 16): no React, no fetch.
import type { AnswerScores, SurveyQuestion } from '../../lib/surveys/types';

export type SurveyExportFormat = 'csv' | 'xlsx';
export type Breakdown = '' | 'store' | 'region' | 'position';
export type QuestionKind = 'single' | 'multiple' | 'short_text' | 'long_text' | 'rating' | 'nps';

export interface QuestionResult extends AnswerScores {
  id: string;
  kind: QuestionKind;
  text: string;
  answered: number;
  counts: number[];
  /** Choice kinds: the option texts, by index. */
  options?: string[];
}

export interface SurveyResults {
  responses: number;
  anonymous: boolean;
  withheld: boolean;
  /** Anonymous answers in the ballot box, counted five at a time (or when the survey ends). */
  waiting?: number;
  questions: QuestionResult[];
  groups?: { key: string | null; label: string; responses: number; questions: QuestionResult[] }[];
}

const enc = encodeURIComponent;

export const surveyResultsUrl = (id: string, by: Breakdown = ''): string =>
  `/api/admin/surveys/${enc(id)}/results${by ? `?by=${by}` : ''}`;

export const surveyExportUrl = (id: string, format: SurveyExportFormat, by: Breakdown = ''): string =>
  `/api/admin/surveys/${enc(id)}/results/export?format=${format}${by ? `&by=${by}` : ''}`;

/** The label of each bar of a question: its options (by index), 1-5 or 0-10. */
export function valueLabels(kind: QuestionKind, counts: number[], options: string[] = []): string[] {
  if (kind === 'rating') return counts.map((_, i) => String(i + 1));
  if (kind === 'nps') return counts.map((_, i) => String(i));
  return counts.map((_, i) => options[i] ?? `#${i + 1}`);
}

/** Share of `n` in `of`, in percent with one decimal (0 when `of` is 0). */
export function share(n: number, of: number): number {
  return of > 0 ? Math.round((n * 1000) / of) / 10 : 0;
}

/** The preview's steps, as the staff app orders them: sections in order, their questions in order. Items are
 *  the admin lists' rows (survey-sections, survey-questions). */
export function previewSteps(sections: Record<string, unknown>[], questions: Record<string, unknown>[][]): PreviewStep[] {
  return sections.flatMap((s, i) =>
    (questions[i] ?? []).map((q) => ({
      section: String(s.title ?? ''),
      question: {
        id: String(q.id),
        kind: String(q.kind ?? 'single') as QuestionKind,
        text: String(q.text ?? ''),
        help: q.help ? String(q.help) : null,
        required: !!q.required,
        options: Array.isArray(q.options) ? q.options.map(String) : [],
        maxChoices: typeof q.maxChoices === 'number' ? q.maxChoices : null,
      },
    })),
  );
}

export interface PreviewStep {
  section: string;
  question: SurveyQuestion;
}

export interface ResponseQuestion {
  id: string;
  kind: QuestionKind;
  text: string;
  options: string[];
}
export interface SurveyResponse {
  id: string;
  user: { id: string; name: string; employeeCode: string } | null;
  store: string;
  position: string;
  submittedAt: string | null;
  answers: Record<string, number | number[] | string>;
}
export interface ResponsesPage {
  questions: ResponseQuestion[];
  items: SurveyResponse[];
  total: number;
}

export const surveyResponsesUrl = (id: string, offset: number, limit: number): string =>
  `/api/admin/surveys/${enc(id)}/responses?offset=${offset}&limit=${limit}`;
export const surveyResponsesExportUrl = (id: string, format: SurveyExportFormat): string =>
  `/api/admin/surveys/${enc(id)}/responses/export?format=${format}`;

/** An answer as read: option texts for choices, the score, the text; "" when not answered. */
export function readableAnswer(q: ResponseQuestion, v: number | number[] | string | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  const list = Array.isArray(v) ? v : [v];
  return list.map((i) => (q.kind === 'single' || q.kind === 'multiple' ? (q.options[i] ?? `#${i + 1}`) : String(i))).join(', ');
}
