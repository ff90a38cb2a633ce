// Pure bits of the staff survey screens: the questions as one list of steps, whether an answer counts, and
// where to resume.
import type { AnswerValue, Answers, Survey, SurveyListItem, SurveyQuestion } from './types';

export interface Step {
  question: SurveyQuestion;
  section: string;
}

export const surveysKey = ['surveys'] as const;
export const surveyKey = (id: string) => ['surveys', id] as const;

/** Every question in order, with its section's title. */
export function stepsOf(survey: Survey): Step[] {
  return survey.sections.flatMap((s) => s.questions.map((question) => ({ question, section: s.title })));
}

/** Whether a value counts as an answer (the server's rule: null, "" and [] do not). */
export function isAnswered(v: AnswerValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** Whether the person may go on from this question. */
export function canGoOn(q: SurveyQuestion, v: AnswerValue | undefined): boolean {
  return !q.required || isAnswered(v);
}

/** The first step not yet answered (to resume a draft), or the last one when all are. */
export function resumeAt(steps: Step[], answers: Answers): number {
  const i = steps.findIndex((s) => !isAnswered(answers[s.question.id]));
  return i < 0 ? Math.max(0, steps.length - 1) : i;
}

/** A multiple choice's picks after a tap on option `i` (at most `max`; a tap on a picked one removes it). */
export function togglePick(picked: number[], i: number, max: number): number[] {
  if (picked.includes(i)) return picked.filter((x) => x !== i);
  return picked.length >= max ? picked : [...picked, i].sort((a, b) => a - b);
}

/** Only the answered values, as the server takes them. */
export function answersToSend(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => isAnswered(v)));
}

/** Home's card: the open surveys I have not submitted, the one to answer first (one I started, then the one
 *  closing soonest, then the list's order) and how many there are. */
export function toAnswer(items: SurveyListItem[] | undefined): { first: SurveyListItem | undefined; count: number } {
  const open = (items ?? []).filter((s) => !s.submitted);
  const closes = (s: SurveyListItem) => (s.endAt ? Date.parse(s.endAt) : Infinity);
  const first = [...open].sort((a, b) => Number(b.started) - Number(a.started) || closes(a) - closes(b))[0];
  return { first, count: open.length };
}
