// The drill screen's pure rules.
import type { DrillChoice, DrillProgress, DrillQuestion } from './types';

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
