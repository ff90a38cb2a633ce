// Pure bits of the polls' back-office screens: no React, no fetch.
export type PollExportFormat = 'csv' | 'xlsx';

export interface AdminPollResults {
  /** Ballots cast. */
  total: number;
  options: { id: string; text: string; image: { id?: string; url: string } | null; votes: number; percent: number }[];
}

const enc = encodeURIComponent;

export const pollResultsUrl = (pollId: string): string => `/api/admin/polls/${enc(pollId)}/results`;

export const pollExportUrl = (pollId: string, format: PollExportFormat): string =>
  `/api/admin/polls/${enc(pollId)}/results/export?format=${format}`;

/** The summary fields of a poll's screen, in order: maxChoices only for multiple choice. */
export function pollSummaryFields(choice: unknown): string[] {
  return ['choice', ...(choice === 'multiple' ? ['maxChoices'] : []), 'resultsVisibility', 'startAt', 'endAt', 'audience', 'ballotsCount'];
}

/** The ids of the leading options (most votes; ties all lead; none when nobody voted). */
export function leadingOptions(results: AdminPollResults | undefined): Set<string> {
  const opts = results?.options ?? [];
  const top = Math.max(0, ...opts.map((o) => o.votes));
  return new Set(top > 0 ? opts.filter((o) => o.votes === top).map((o) => o.id) : []);
}

/** Whether a poll is closed now (its endAt passed). */
export function isClosed(endAt: unknown, now: number = Date.now()): boolean {
  return typeof endAt === 'string' && !!endAt && new Date(endAt).getTime() <= now;
}
