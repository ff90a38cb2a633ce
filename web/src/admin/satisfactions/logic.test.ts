import { describe, expect, it } from 'vitest';
import { barHeight, commentsUrl, shares, summaryUrl, trendUrl } from './logic';

describe('satisfaction logic', () => {
  it('shares are of the ratings, five stars first', () => {
    expect(shares({ count: 4, average: 3.75, distribution: [0, 1, 0, 2, 1] })).toEqual([
      { stars: 5, count: 1, percent: 25 },
      { stars: 4, count: 2, percent: 50 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 1, percent: 25 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(shares({ count: 0, average: 0, distribution: [0, 0, 0, 0, 0] }).every((s) => s.percent === 0)).toBe(true);
  });
  it('builds the URLs without empty filters', () => {
    expect(summaryUrl({})).toBe('/api/admin/satisfactions/summary');
    expect(trendUrl({ type: 'course', itemId: 'a b' }, 8)).toBe('/api/admin/satisfactions/trend?type=course&itemId=a+b&weeks=8');
    expect(commentsUrl({}, 'true', 20)).toBe('/api/admin/satisfactions/comments?hidden=true&offset=20&limit=20');
  });
  it('a week without ratings has no bar', () => {
    expect(barHeight({ count: 0, average: 0, distribution: [] })).toBe(0);
    expect(barHeight({ count: 2, average: 2.5, distribution: [] })).toBe(50);
  });
});
