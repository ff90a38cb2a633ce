import { describe, expect, it } from 'vitest';
import { canEdit, canPost, feedQuery, storesOf, textLength, withLike } from './logic';

describe('story rules', () => {
  it('builds the feed query: store over region, cursor, limit', () => {
    expect(feedQuery({})).toBe('limit=10');
    expect(feedQuery({ region: 'r1' }, 'c.1.x', 5)).toBe('region=r1&cursor=c.1.x&limit=5');
    expect(feedQuery({ region: 'r1', store: 's1' })).toBe('store=s1&limit=10');
  });
  it('counts characters like the server (Thai marks are code points, CRLF one break, trimmed)', () => {
    expect(textLength('  สวัสดี\r\nครับ ')).toBe([...'สวัสดี\nครับ'].length);
    expect(canPost('ก'.repeat(2000), 1)).toBe(true);
    expect(canPost('ก'.repeat(2001), 1)).toBe(false);
    expect(canPost('  ', 1)).toBe(false);
    expect(canPost('x', 0)).toBe(false);
    expect(canPost('x', 7)).toBe(false);
  });
  it('lets the author edit only while pending', () => {
    expect(canEdit({ mine: true, status: 'pending' })).toBe(true);
    expect(canEdit({ mine: true, status: 'rejected' })).toBe(false);
    expect(canEdit({ mine: false, status: 'pending' })).toBe(false);
  });
  it('applies a like once', () => {
    expect(withLike({ liked: false, likes: 2 }, true)).toEqual({ liked: true, likes: 3 });
    expect(withLike({ liked: true, likes: 3 }, true)).toEqual({ liked: true, likes: 3 });
    expect(withLike({ liked: true, likes: 0 }, false)).toEqual({ liked: false, likes: 0 });
  });
  it('narrows stores to a region', () => {
    const stores = [{ id: 'a', regionId: 'r1' }, { id: 'b', regionId: 'r2' }, { id: 'c', regionId: null }];
    expect(storesOf(stores, 'r1').map((s) => s.id)).toEqual(['a']);
    expect(storesOf(stores).length).toBe(3);
  });
});
