// The drill-only question editor's pure rules (DrillQuestions.tsx).
export interface Pair {
  id?: string;
  left: string;
  right: string;
}
export interface TextChoice {
  id: string;
  text: string;
}

export const MIN_PAIRS = 2;
export const MAX_PAIRS = 8;

/** One more empty pair (the server gives it its id). */
export function addPair(pairs: Pair[]): Pair[] {
  return pairs.length >= MAX_PAIRS ? pairs : [...pairs, { left: '', right: '' }];
}

/** One more empty choice with the first free id of a, b, c ... */
export function addTextChoice(choices: TextChoice[]): TextChoice[] {
  if (choices.length >= 8) return choices;
  const taken = new Set(choices.map((c) => c.id));
  const id = 'abcdefgh'.split('').find((x) => !taken.has(x)) ?? `c${choices.length + 1}`;
  return [...choices, { id, text: '' }];
}
