import { describe, expect, it } from 'vitest';
import { firstSight, slideTarget } from './slides';

describe('slideTarget', () => {
  it('follows in-app paths with the router and https addresses in a new tab', () => {
    expect(slideTarget('/learning')).toEqual({ kind: 'app', path: '/learning' });
    expect(slideTarget('/club/points?x=1')).toEqual({ kind: 'app', path: '/club/points?x=1' });
    expect(slideTarget('https://shop.example/promo')).toEqual({ kind: 'web', url: 'https://shop.example/promo' });
    expect(slideTarget('HTTPS://shop.example')).toEqual({ kind: 'web', url: 'HTTPS://shop.example' });
  });

  it('follows nothing else', () => {
    for (const bad of [null, undefined, '', 'javascript:alert(1)', 'data:text/html,x', 'http://shop.example', '//evil.example', '/\\evil.example', 'https://', 'learning'])
      expect(slideTarget(bad)).toBeNull();
  });
});

describe('firstSight', () => {
  it('is true once per id', () => {
    const seen = new Set<string>();
    expect(firstSight(seen, 'a')).toBe(true);
    expect(firstSight(seen, 'a')).toBe(false);
    expect(firstSight(seen, 'b')).toBe(true);
    expect(firstSight(seen, undefined)).toBe(false);
  });
});
