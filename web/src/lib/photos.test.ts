import { describe, expect, it } from 'vitest';
import { fitWithin } from './photos';

describe('photos', () => {
  it('fits a photo within 1600 px without enlarging it', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 533, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });
});
