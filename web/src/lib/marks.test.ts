import { describe, expect, it } from 'vitest';
import { segments } from './marks';

describe('search highlight ranges', () => {
  it('cuts a text at its UTF-16 marks and keeps every character once', () => {
    const text = 'ลูกค้าสัมพันธ์ในร้านค้าปลีก';
    expect(segments(text, [[0, 14]])).toEqual([
      { text: 'ลูกค้าสัมพันธ์', marked: true },
      { text: 'ในร้านค้าปลีก', marked: false },
    ]);
    expect(segments('a <b>x</b> c', [[3, 4]]).map((s) => s.text).join('')).toBe('a <b>x</b> c');
    // Out of range, empty, reversed and overlapping marks are dropped, never lose text.
    const odd = segments('abcdef', [[4, 99], [2, 2], [3, 1], [0, 2], [1, 3], [2, 3]]);
    expect(odd.map((s) => s.text).join('')).toBe('abcdef');
    expect(odd.filter((s) => s.marked).map((s) => s.text)).toEqual(['ab', 'c']);
    expect(segments('', [])).toEqual([]);
  });
});
