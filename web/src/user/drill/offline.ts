// The drill offline (issue 32; docs/API.md "Daily drill" > Offline). While online, the day's unanswered
// questions are fetched ahead (nothing of their answers) and kept on this device for the person and the day.
// Offline, they are asked from there and each answer is queued (lib/offline/queue.ts, one per question) with
// the time the device measured; the app sends them when the connection returns and the server checks, times
// and rates them then, once (never Easy: the device's clock is not trusted). Its own chunk: Home's card loads
// it only to fetch ahead.
import { api } from '../../lib/api';
import { DRILL_AHEAD_KEY } from '../../lib/offline/keys';
import { readStored, writeStored } from '../../lib/offline/stored';
import { enqueue, pending } from '../../lib/offline/queue';
import { pictureUrl } from './picture';
import type { DrillAhead, DrillAheadQuestion, DrillAnswer, DrillProgress, DrillQuestion } from './types';

/** The day's questions kept for one person. */
export interface KeptDrill {
  user: string;
  day: string;
  total: number;
  questions: DrillAheadQuestion[];
}

/** The drill's day for a moment: Bangkok's date (UTC+7 all year), as the server names days. */
export function bangkokDayOf(ms: number): string {
  return new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);
}

/** A question fetched ahead, shown offline now: its clock starts on this device. */
export function startedHere(q: DrillAheadQuestion, now: number): DrillQuestion {
  return { ...q, shownAt: new Date(now).toISOString(), deadlineAt: new Date(now + q.seconds * 1000).toISOString() };
}

export const DRILL_ANSWERS_URL = '/api/drill/today/answers';
const SLOT_PREFIX = 'drill:';

/** The queue slot of an answer: one per person, day and question (a second answer replaces the first). */
export const answerSlot = (day: string, questionId: string) => `${SLOT_PREFIX}${day}:${questionId}`;

function read(): KeptDrill | null {
  const kept = readStored(DRILL_AHEAD_KEY) as KeptDrill | null;
  return kept && typeof kept.user === 'string' && Array.isArray(kept.questions) ? kept : null;
}

const write = (kept: KeptDrill | null) => writeStored(DRILL_AHEAD_KEY, kept);

/** The questions kept for `user` on `day` (Bangkok's today by default), else null. */
export function keptDrill(user: string, day = bangkokDayOf(Date.now())): KeptDrill | null {
  const kept = read();
  return kept && kept.user === user && kept.day === day ? kept : null;
}

/** Whether the kept copy no longer matches the day's progress (none, another day, answers given elsewhere). */
export function needsAhead(user: string, p: DrillProgress): boolean {
  if (p.total === 0 || p.finished) return false;
  const kept = keptDrill(user, p.day);
  return !kept || kept.questions.length !== p.total - p.answered;
}

/** Fetches the day's questions ahead and keeps them; quietly does nothing when it cannot. */
export async function fetchAhead(user: string): Promise<void> {
  try {
    const ahead = await api<DrillAhead>('/api/drill/today/ahead', { toastOnNetworkError: false });
    write(ahead.finished || !ahead.questions.length ? null : { user, day: ahead.day, total: ahead.total, questions: ahead.questions });
    // Their pictures, fetched now so the service worker keeps them for offline (it keeps resized pictures).
    for (const q of ahead.questions) if (q.image) void fetch(pictureUrl(q.image)).catch(() => undefined);
  } catch {
    /* offline again or the server busy: the next Home visit tries again */
  }
}

/** Fetches ahead when the copy kept is not current (Home's card, the drill's screen). */
export async function keepAhead(user: string, p: DrillProgress): Promise<void> {
  if (needsAhead(user, p)) await fetchAhead(user);
}

/** A question answered online: not asked again offline. */
export function forgetKeptQuestion(user: string, questionId: string): void {
  const kept = read();
  if (kept?.user === user) write({ ...kept, questions: kept.questions.filter((q) => q.id !== questionId) });
}

/** Queues an answer given offline (or whose sending failed), timed by this device. */
export function queueAnswer(user: string, day: string, answer: DrillAnswer, answerMs: number, now = Date.now()): void {
  const offline = { answeredAt: new Date(now).toISOString(), answerMs: Math.max(0, Math.round(answerMs)) };
  enqueue(user, DRILL_ANSWERS_URL, { ...answer, offline }, { at: now, slot: answerSlot(day, answer.questionId) });
}

/** The questions of `day` whose answers wait in the queue (all days' without one). */
export function queuedQuestions(user: string, day?: string): Set<string> {
  const prefix = day ? answerSlot(day, '') : SLOT_PREFIX;
  return new Set(pending(user).flatMap((w) => (w.slot?.startsWith(prefix) ? [(w.body as DrillAnswer).questionId] : [])));
}
