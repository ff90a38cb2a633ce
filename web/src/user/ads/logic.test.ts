import { describe, expect, it } from 'vitest';
import { interstitialPath, nextPath } from './logic';

describe('ads: where an app open goes and comes back to', () => {
  it('keeps the path the person was opening, query and hash included', () => {
    const p = interstitialPath('0193-ab', '/club/points?x=1#top');
    expect(p).toBe('/ads/0193-ab?next=%2Fclub%2Fpoints%3Fx%3D1%23top');
    expect(nextPath(new URL(p, 'http://x').searchParams.get('next'))).toBe('/club/points?x=1#top');
  });

  it('never leaves the app: other origins, protocol-relative and script links go Home', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined])
      expect(nextPath(bad)).toBe('/main');
    expect(interstitialPath('a', '//evil.example')).toBe('/ads/a?next=%2Fmain');
  });

  it('does not loop back to an ad', () => {
    expect(nextPath('/ads/abc')).toBe('/main');
  });
});
