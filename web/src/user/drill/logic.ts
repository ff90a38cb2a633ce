// The drill screen's pure rules.
import type { DrillChoice, DrillPair, DrillProgress, DrillQuestion } from './types';

export const drillTodayKey = ['drill', 'today'] as const;
export const drillSummaryKey = ['drill', 'summary'] as const;

/** About 20 seconds a question, rounded up to whole minutes (the Home card's "· 3 min"). */
export function minutesFor(questions: number): number {
  return Math.max(1, Math.ceil((questions * 20) / 60));
}

/** What Home's card says: nothing to do (null), today's drill waiting, or done with the streak. */
export function cardState(p: DrillProgress | undefined): 'todo' | 'done' | null {
  if (!p || p.total === 0) return null;
  return p.finished ? 'done' : 'todo';
}

/** A tap on a choice: single and true/false questions take one answer, multiple ones toggle. */
export function toggleChoice(kind: DrillQuestion['kind'], chosen: string[], id: string): string[] {
  if (kind !== 'multiple') return [id];
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}

/** How a choice looks after the answer: the right ones, the wrong one picked, or neither. */
export function choiceResult(choice: DrillChoice, chosen: string[], correct: string[]): 'right' | 'wrong' | 'plain' {
  if (correct.includes(choice.id)) return 'right';
  if (chosen.includes(choice.id)) return 'wrong';
  return 'plain';
}

/** Seconds left on the question's clock (never below 0). */
export function secondsLeft(q: Pick<DrillQuestion, 'deadlineAt'>, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(q.deadlineAt) - now) / 1000));
}

/** A matching board in progress: left id -> right id. */
export type Matches = Record<string, string>;

/** Pairs `left` with `right`; a right item already taken by another left item moves to this one. */
export function pairUp(m: Matches, left: string, right: string): Matches {
  const out: Matches = {};
  for (const [l, r] of Object.entries(m)) if (r !== right && l !== left) out[l] = r;
  out[left] = right;
  return out;
}

/** Undoes the pair that holds `right` (a tap on a matched right item with no left item selected). */
export function unpairRight(m: Matches, right: string): Matches {
  return Object.fromEntries(Object.entries(m).filter(([, r]) => r !== right));
}

/** The first left item still without a partner (the next one to match), else null. */
export function nextUnmatched(lefts: DrillChoice[], m: Matches, after?: string): string | null {
  const start = after ? lefts.findIndex((l) => l.id === after) + 1 : 0;
  const order = [...lefts.slice(start), ...lefts.slice(0, start)];
  return order.find((l) => !m[l.id])?.id ?? null;
}

/** The pairs to send, in the left side's order (only when every left item is matched). */
export function matchesToSend(lefts: DrillChoice[], m: Matches): DrillPair[] | null {
  if (!lefts.length || lefts.some((l) => !m[l.id])) return null;
  return lefts.map((l) => ({ left: l.id, right: m[l.id] ?? '' }));
}

/** The number a pair shows on both of its cards (1-based, by the left item's place), else null. */
export function pairNumber(lefts: DrillChoice[], m: Matches, id: string, side: 'left' | 'right'): number | null {
  const i = side === 'left' ? lefts.findIndex((l) => l.id === id && m[l.id]) : lefts.findIndex((l) => m[l.id] === id);
  return i < 0 ? null : i + 1;
}
