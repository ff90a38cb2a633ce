// The game screens' pure logic (tested in logic.test.ts).
import type { ChoiceLike } from '../choices';

/** Kahoot's answer colours and shapes, by the option's place. */
export const ANSWER_STYLES = [
  { color: '#e21b3c', shape: '▲' },
  { color: '#1368ce', shape: '◆' },
  { color: '#d89e00', shape: '●' },
  { color: '#26890c', shape: '■' },
  { color: '#864cbf', shape: '★' },
  { color: '#0aa3a3', shape: '⬟' },
  { color: '#c2571a', shape: '✚' },
  { color: '#5b6b7a', shape: '⬢' },
] as const;

export const answerStyle = (i: number) => ANSWER_STYLES[i % ANSWER_STYLES.length] ?? ANSWER_STYLES[0];

/** Milliseconds left of a round that the server issued `timerSeconds` ago at most, measured on this device from
 * when the round arrived (the phone's clock may differ from the server's; the server judges anyway). */
export function msLeft(timerSeconds: number, receivedAt: number, now: number): number {
  return Math.max(0, timerSeconds * 1000 - (now - receivedAt));
}

/** mm:ss of a duration. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Toggles an option in a multiple-choice pick. */
export function togglePick(picked: string[], id: string): string[] {
  return picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
}

/** The texts of the given choice ids, in the choices' order (`name` says what a choice reads: lib/choices.ts). */
export function choiceTexts(choices: ChoiceLike[], ids: string[], name: (c: ChoiceLike) => string = (c) => c.text): string {
  return choices
    .filter((c) => ids.includes(c.id))
    .map(name)
    .join(', ');
}

/** Card ids already matched on a board. */
export function foundIds(found: [string, string][]): Set<string> {
  return new Set(found.flat());
}
