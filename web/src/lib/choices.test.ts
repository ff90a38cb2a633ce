import { describe, expect, it } from 'vitest';
import { choiceText } from './choices';

const t = (key: string) => ({ 'choices.true': 'ถูก', 'choices.false': 'ผิด' })[key] ?? key;

describe('choiceText', () => {
  it('names a true/false choice by its key, whatever text was stored', () => {
    expect(choiceText('truefalse', { id: 'true', text: 'ถูก / True' }, t)).toBe('ถูก');
    expect(choiceText('truefalse', { id: 'false', text: 'ผิด / False' }, t)).toBe('ผิด');
  });
  it('keeps the editor’s text for other kinds and for other ids', () => {
    expect(choiceText('single', { id: 'true', text: 'จริงใจ' }, t)).toBe('จริงใจ');
    expect(choiceText('truefalse', { id: 'c1', text: 'ใช่' }, t)).toBe('ใช่');
    expect(choiceText(undefined, { id: 'a', text: 'ทักทาย' }, t)).toBe('ทักทาย');
  });
});
