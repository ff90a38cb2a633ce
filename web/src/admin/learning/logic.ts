// Pure rules of the learning editors (lesson order, question choices), unit tested without a browser.

import { moveIds } from '../resources/order';

export { moveIds };

/** The body of PUT …/lessons/order (or …/questions/order) after moving `activeId` onto `overId`. */
export function orderPayload(items: { id: string }[], activeId: string, overId: string): { ids: string[] } | null {
  const ids = items.map((i) => i.id);
  const next = moveIds(ids, activeId, overId);
  return next === ids ? null : { ids: next };
}

export type QuestionKind = 'single' | 'multiple' | 'truefalse';

export interface Choice {
  id: string;
  text: string;
}

export interface QuestionDraft {
  kind: QuestionKind;
  choices: Choice[];
  correct: string[];
}

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 8;

let seq = 0;
/** A short id for a new choice, unique inside its question. */
export function newChoiceId(existing: Choice[]): string {
  const taken = new Set(existing.map((c) => c.id));
  for (;;) {
    const id = `c${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

/** The two fixed choices of a true/false question (texts in the editor's language). */
export function trueFalseChoices(trueText: string, falseText: string): Choice[] {
  return [
    { id: 'true', text: trueText },
    { id: 'false', text: falseText },
  ];
}

/** Switching kind keeps what still makes sense: single keeps only the first correct choice. */
export function changeKind(d: QuestionDraft, kind: QuestionKind, tf: [string, string]): QuestionDraft {
  if (kind === 'truefalse') return { kind, choices: trueFalseChoices(tf[0], tf[1]), correct: d.correct.filter((c) => c === 'true' || c === 'false').slice(0, 1) };
  let choices = d.choices;
  if (d.kind === 'truefalse') choices = [{ id: newChoiceId([]), text: '' }, { id: newChoiceId([]), text: '' }];
  const ids = new Set(choices.map((c) => c.id));
  const correct = d.correct.filter((c) => ids.has(c));
  return { kind, choices, correct: kind === 'single' ? correct.slice(0, 1) : correct };
}

/** Marks a choice correct: a radio for single / true-false, a checkbox for multiple. */
export function toggleCorrect(d: QuestionDraft, id: string): QuestionDraft {
  if (d.kind === 'multiple') return { ...d, correct: d.correct.includes(id) ? d.correct.filter((c) => c !== id) : [...d.correct, id] };
  return { ...d, correct: [id] };
}

export function addChoice(d: QuestionDraft): QuestionDraft {
  if (d.kind === 'truefalse' || d.choices.length >= MAX_CHOICES) return d;
  return { ...d, choices: [...d.choices, { id: newChoiceId(d.choices), text: '' }] };
}

export function removeChoice(d: QuestionDraft, id: string): QuestionDraft {
  if (d.kind === 'truefalse' || d.choices.length <= MIN_CHOICES) return d;
  return { ...d, choices: d.choices.filter((c) => c.id !== id), correct: d.correct.filter((c) => c !== id) };
}

export type ChoiceProblem = 'tooFew' | 'tooMany' | 'emptyText' | 'duplicateText' | 'noCorrect' | 'oneCorrect';

/** What is wrong with the choices (i18n keys under `examEditor.problems`); empty when the question can be saved. */
export function choiceProblems(d: QuestionDraft): ChoiceProblem[] {
  const out: ChoiceProblem[] = [];
  if (d.choices.length < MIN_CHOICES) out.push('tooFew');
  if (d.choices.length > MAX_CHOICES) out.push('tooMany');
  if (d.choices.some((c) => !c.text.trim())) out.push('emptyText');
  const texts = d.choices.map((c) => c.text.trim().toLowerCase()).filter(Boolean);
  if (new Set(texts).size !== texts.length) out.push('duplicateText');
  const valid = d.correct.filter((c) => d.choices.some((x) => x.id === c));
  if (valid.length === 0) out.push('noCorrect');
  else if (d.kind !== 'multiple' && valid.length > 1) out.push('oneCorrect');
  return out;
}

/** Server field errors (`choices`, `choices[2].text`, `correct`…) → the editor's input they belong to. */
export function fieldOfServerError(name: string): string {
  const m = name.match(/^(choices|correct)\b/);
  return m?.[1] ?? name;
}
