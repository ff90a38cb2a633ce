// Pure exam-taking logic: the server's clock, the countdown, answers and the question palette.
import type { Attempt, ExamQuestion, ShowAnswers } from '../../lib/learning/types';

export type Answers = Record<string, string[]>;

/** How far the server's clock is ahead of this device's (ms): add it to Date.now() to read server time. */
export function clockOffset(serverNowIso: string, clientNowMs: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isNaN(server) ? 0 : server - clientNowMs;
}

/** Milliseconds left before the deadline in server time, never below zero; null without a time limit. */
export function remainingMs(deadlineIso: string | null | undefined, offsetMs: number, clientNowMs: number): number | null {
  if (!deadlineIso) return null;
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return null;
  return Math.max(0, deadline - (clientNowMs + offsetMs));
}

/** "m:ss" (or "h:mm:ss"), rounding up so "0:00" shows only when time is really out. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export const WARNING_MS = 60_000;

/** The last minute turns the timer to the warning colour. */
export function isTimeWarning(ms: number | null): boolean {
  return ms !== null && ms <= WARNING_MS;
}

/** A minute-and-seconds reading for screen readers ("4 min 05 s" style, numbers only). */
export function countdownParts(ms: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/**
 * Tapping a choice: single and true/false keep exactly that choice; multiple toggles it, keeping the
 * question's choice order so the saved list is stable.
 */
export function toggleChoice(answers: Answers, question: ExamQuestion, choiceId: string): Answers {
  if (!question.choices.some((c) => c.id === choiceId)) return answers;
  if (question.kind !== 'multiple') return { ...answers, [question.id]: [choiceId] };
  const current = new Set(answers[question.id] ?? []);
  if (current.has(choiceId)) current.delete(choiceId);
  else current.add(choiceId);
  return { ...answers, [question.id]: question.choices.map((c) => c.id).filter((id) => current.has(id)) };
}

export function isAnswered(answers: Answers, questionId: string): boolean {
  return (answers[questionId]?.length ?? 0) > 0;
}

export type PaletteStatus = 'answered' | 'unanswered';

export interface PaletteItem {
  id: string;
  number: number;
  status: PaletteStatus;
  current: boolean;
}

export function palette(questions: ExamQuestion[], answers: Answers, currentIndex: number): PaletteItem[] {
  return questions.map((q, i) => ({
    id: q.id,
    number: i + 1,
    status: isAnswered(answers, q.id) ? 'answered' : 'unanswered',
    current: i === currentIndex,
  }));
}

export function unansweredCount(questions: ExamQuestion[], answers: Answers): number {
  return questions.filter((q) => !isAnswered(answers, q.id)).length;
}

/** The first unanswered question's index, or -1. */
export function firstUnanswered(questions: ExamQuestion[], answers: Answers): number {
  return questions.findIndex((q) => !isAnswered(answers, q.id));
}

/** Keeps only answers to this attempt's questions with choices that exist (a stale local copy can't leak in). */
export function cleanAnswers(questions: ExamQuestion[], answers: Answers): Answers {
  const out: Answers = {};
  for (const q of questions) {
    const picked = answers[q.id];
    if (!picked?.length) continue;
    const ids = q.choices.map((c) => c.id).filter((id) => picked.includes(id));
    if (!ids.length) continue;
    out[q.id] = q.kind === 'multiple' ? ids : ids.slice(0, 1);
  }
  return out;
}

/** What this device kept for an attempt between reloads: the position and answers not yet saved. */
export interface LocalAttempt {
  position: number;
  pending: Answers;
}

/**
 * After a reload: the server's saved answers, overlaid with this device's unsaved ones, and the position
 * clamped to the questions.
 */
export function restoreAttempt(attempt: Pick<Attempt, 'questions' | 'answers'>, local: LocalAttempt | null): {
  answers: Answers;
  position: number;
  unsaved: boolean;
} {
  const server = cleanAnswers(attempt.questions, attempt.answers ?? {});
  const pending = cleanAnswers(attempt.questions, local?.pending ?? {});
  const answers = { ...server, ...pending };
  const unsaved = Object.keys(pending).some((id) => !sameChoices(server[id], pending[id]));
  const max = Math.max(0, attempt.questions.length - 1);
  const position = Math.min(max, Math.max(0, Math.trunc(local?.position ?? 0)));
  return { answers, position, unsaved };
}

export function sameChoices(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The answers that differ from what the server last acknowledged. */
export function changedAnswers(saved: Answers, current: Answers): Answers {
  const out: Answers = {};
  for (const [id, choices] of Object.entries(current)) if (!sameChoices(saved[id], choices)) out[id] = choices;
  for (const id of Object.keys(saved)) if (!(id in current)) out[id] = [];
  return out;
}

const storageKey = (attemptId: string) => `shopfloor.exam.${attemptId}`;

export function readLocalAttempt(attemptId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LocalAttempt | null {
  try {
    const raw = storage?.getItem(storageKey(attemptId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LocalAttempt>;
    const pending: Answers = {};
    if (v.pending && typeof v.pending === 'object')
      for (const [k, val] of Object.entries(v.pending)) if (Array.isArray(val)) pending[k] = val.filter((x): x is string => typeof x === 'string');
    return { position: typeof v.position === 'number' ? v.position : 0, pending };
  } catch {
    return null;
  }
}

export function writeLocalAttempt(attemptId: string, value: LocalAttempt, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(storageKey(attemptId), JSON.stringify(value));
  } catch {
    /* storage full or private mode: the server copy still holds what was saved */
  }
}

export function clearLocalAttempt(attemptId: string, storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(storageKey(attemptId));
  } catch {
    /* nothing to clear */
  }
}

/** Attempts left (null = unlimited). */
export function attemptsLeft(maxAttempts: number | null, attemptsUsed: number): number | null {
  return maxAttempts === null || maxAttempts <= 0 ? null : Math.max(0, maxAttempts - attemptsUsed);
}

/**
 * For a review without the correct answers: the catalog key of the line saying when they will be shown.
 * "After the last attempt" never comes when attempts are unlimited.
 */
export function answersLaterKey(setting: ShowAnswers | undefined, maxAttempts: number | null | undefined): string {
  const limited = !!maxAttempts;
  switch (setting) {
    case 'never':
      return 'exam.answersNever';
    case 'passed':
      return 'exam.answersAfterPassing';
    case 'last_attempt':
      return limited ? 'exam.answersAfterLastAttempt' : 'exam.answersNever';
    default:
      return limited ? 'exam.answersAfterPassingOrLast' : 'exam.answersAfterPassing';
  }
}
