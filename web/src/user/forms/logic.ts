// Pure bits of the staff form page: what is sent for each kind, and which required answers are missing.
import type { FormQuestion, FormValue, FormValues, UploadedFile } from './types';

export const formsKey = ['forms'] as const;
export const formKey = (id: string) => ['forms', id] as const;

/** Accepted files (checked again by content on the server). */
export const FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export const isUploaded = (v: FormValue | undefined): v is UploadedFile => !!v && typeof v === 'object' && !Array.isArray(v);

/** A number question whose bounds allow at most 11 whole values (an urgency 1-5, a 0-10 score) is picked from
 *  them, not typed: its [min, max], or null for a number that is typed. */
export function pickableRange(q: Pick<FormQuestion, 'kind' | 'minValue' | 'maxValue'>): [number, number] | null {
  if (q.kind !== 'number' || q.minValue === null || q.maxValue === null) return null;
  if (!Number.isInteger(q.minValue) || !Number.isInteger(q.maxValue)) return null;
  const span = q.maxValue - q.minValue;
  return span >= 1 && span <= 10 ? [q.minValue, q.maxValue] : null;
}

/** A number as typed ("12", "3.5", "-1") → the JSON number; anything else is sent as typed so the server
 * answers with its own code (ANSWER_TYPE). */
function numberOf(text: string): number | string {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** The body's `answers`: files by id, numbers as numbers; empty answers are left out. */
export function answersToSend(questions: FormQuestion[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const q of questions) {
    const v = values[q.id];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (isUploaded(v)) out[q.id] = v.id;
    else if (q.kind === 'number' && typeof v === 'string') out[q.id] = numberOf(v);
    else out[q.id] = v;
  }
  return out;
}

/** Required questions with no answer yet (checked again by the server). */
export function missingRequired(questions: FormQuestion[], values: FormValues): string[] {
  const sent = answersToSend(questions, values);
  return questions.filter((q) => q.required && !(q.id in sent)).map((q) => q.id);
}
