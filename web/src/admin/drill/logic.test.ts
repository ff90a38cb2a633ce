import { describe, expect, it } from 'vitest';
import { addPair, addTextChoice, MAX_PAIRS } from './logic';

describe('drill question editor', () => {
  it('adds pairs up to the limit', () => {
    let pairs = [{ left: 'a', right: 'b' }];
    for (let i = 0; i < 10; i++) pairs = addPair(pairs);
    expect(pairs).toHaveLength(MAX_PAIRS);
    expect(pairs[1]).toEqual({ left: '', right: '' });
  });

  it('gives a new choice the first free letter', () => {
    expect(addTextChoice([]).map((c) => c.id)).toEqual(['a']);
    expect(addTextChoice([{ id: 'b', text: 'x' }]).map((c) => c.id)).toEqual(['b', 'a']);
  });
});
