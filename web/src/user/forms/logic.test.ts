import { describe, expect, it } from 'vitest';
import { answersToSend, missingRequired, pickableRange } from './logic';
import type { FormQuestion } from './types';

const q = (id: string, kind: FormQuestion['kind'], required = false): FormQuestion => ({
  id, kind, text: id, help: null, required, options: [], maxChoices: null, minValue: null, maxValue: null,
});

describe('form page logic', () => {
  const questions = [q('t', 'short_text', true), q('n', 'number', true), q('d', 'date'), q('m', 'multiple'), q('f', 'file', true)];
  it('sends numbers as numbers, files by id, and leaves out empty answers', () => {
    expect(answersToSend(questions, { t: 'ตู้', n: ' 3.5 ', d: '', m: [], f: { id: 'F1', name: 'a.png', mime: 'image/png', bytes: 1 } })).toEqual({ t: 'ตู้', n: 3.5, f: 'F1' });
    expect(answersToSend(questions, { n: '3,5' })).toEqual({ n: '3,5' });
  });
  it('picks a number from its buttons when its bounds allow at most 11 whole values, and types it otherwise', () => {
    const n = (minValue: number | null, maxValue: number | null) => ({ ...q('n', 'number'), minValue, maxValue });
    expect(pickableRange(n(1, 5))).toEqual([1, 5]);
    expect(pickableRange(n(0, 10))).toEqual([0, 10]);
    expect(pickableRange(n(0, 11))).toBeNull();
    expect(pickableRange(n(1, 1))).toBeNull();
    expect(pickableRange(n(1, null))).toBeNull();
    expect(pickableRange(n(0.5, 3))).toBeNull();
    expect(pickableRange({ ...q('t', 'short_text'), minValue: 1, maxValue: 5 })).toBeNull();
  });
  it('names the required questions still empty', () => {
    expect(missingRequired(questions, { t: 'x', m: [1] })).toEqual(['n', 'f']);
  });
});
