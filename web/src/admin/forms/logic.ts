// Pure bits of the forms' back-office screens (issue 16): no React, no fetch.
import type { TFunction } from 'i18next';

export type FormExportFormat = 'csv' | 'xlsx';
export type FormQuestionKind = 'short_text' | 'long_text' | 'number' | 'date' | 'single' | 'multiple' | 'file';

export interface SubmissionFilters {
  from?: string;
  to?: string;
  store?: string;
  region?: string;
  q?: string;
}

export interface Named {
  id: string;
  name: string;
}

export interface SubmissionSummary {
  id: string;
  createdAt: string;
  user: { id: string; name: string; employeeCode: string };
  store: Named | null;
  region: Named | null;
}

export interface FileValue {
  id: string;
  name: string;
  mime: string;
  bytes: number;
}

export type AnswerValue = string | number | string[] | FileValue | null;

export interface SubmissionDetail extends SubmissionSummary {
  formId: string;
  answers: { questionId: string; kind: FormQuestionKind; text: string; value: AnswerValue }[];
}

export interface SubmissionPage {
  items: SubmissionSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const enc = encodeURIComponent;

function query(filters: SubmissionFilters, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const submissionsUrl = (formId: string, filters: SubmissionFilters, page = 1, pageSize = 20): string =>
  `/api/admin/forms/${enc(formId)}/submissions${query(filters, { page, pageSize })}`;

export const submissionsExportUrl = (formId: string, format: FormExportFormat, filters: SubmissionFilters): string =>
  `/api/admin/forms/${enc(formId)}/submissions/export${query(filters, { format })}`;

export const submissionUrl = (id: string): string => `/api/admin/form-submissions/${enc(id)}`;
export const fileUrl = (id: string): string => `/api/admin/form-files/${enc(id)}`;

export const isFile = (v: AnswerValue): v is FileValue => !!v && typeof v === 'object' && !Array.isArray(v);

/** An answer as text for the detail (files are shown as links by the screen). */
export function answerText(v: AnswerValue): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(', ');
  if (isFile(v)) return v.name;
  return String(v);
}

/** "1.2 MB", "34 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The line under a question in the builder: its kind, required, bounds or options count. */
export function questionSummary(q: Record<string, unknown>, t: TFunction): string {
  const parts = [t(`formsAdmin.kinds.${String(q.kind)}`)];
  if (q.required) parts.push(t('formsAdmin.questions.required'));
  if (q.kind === 'number' && (q.minValue != null || q.maxValue != null))
    parts.push(`${q.minValue ?? '…'} – ${q.maxValue ?? '…'}`);
  if (Array.isArray(q.options) && q.options.length) parts.push((q.options as string[]).join(' / '));
  return parts.join(' · ');
}
