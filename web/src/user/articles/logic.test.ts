import { describe, expect, it } from 'vitest';
import type { ArticleCard, HomeFeed } from '../../lib/learning/types';
import { initialLike, likeReducer, patchArticles, patchHome, pending } from './logic';

describe('optimistic like reducer', () => {
  it('flips at once and counts up and down', () => {
    let s = initialLike({ liked: false, likeCount: 3 });
    s = likeReducer(s, { type: 'toggle' });
    expect(s).toMatchObject({ liked: true, likeCount: 4, seq: 1 });
    expect(pending(s)).toBe(true);
    s = likeReducer(s, { type: 'toggle' });
    expect(s).toMatchObject({ liked: false, likeCount: 3, seq: 2 });
  });

  it('never shows a negative count', () => {
    const s = likeReducer(initialLike({ liked: true, likeCount: 0 }), { type: 'toggle' });
    expect(s.likeCount).toBe(0);
  });

  it('takes the server value for the latest tap', () => {
    let s = likeReducer(initialLike({ liked: false, likeCount: 3 }), { type: 'toggle' });
    s = likeReducer(s, { type: 'success', seq: 1, server: { liked: true, likeCount: 10 } });
    expect(s).toMatchObject({ liked: true, likeCount: 10 });
    expect(pending(s)).toBe(false);
  });

  it('ignores a late answer to an older tap but remembers it as confirmed', () => {
    let s = initialLike({ liked: false, likeCount: 3 });
    s = likeReducer(s, { type: 'toggle' }); // seq 1 → liked
    s = likeReducer(s, { type: 'toggle' }); // seq 2 → unliked
    s = likeReducer(s, { type: 'success', seq: 1, server: { liked: true, likeCount: 4 } });
    expect(s).toMatchObject({ liked: false, likeCount: 3 });
    expect(s.confirmed).toEqual({ liked: true, likeCount: 4 });
    s = likeReducer(s, { type: 'success', seq: 2, server: { liked: false, likeCount: 3 } });
    expect(pending(s)).toBe(false);
  });

  it('rolls back a failed latest tap to the confirmed value', () => {
    let s = likeReducer(initialLike({ liked: false, likeCount: 3 }), { type: 'toggle' });
    s = likeReducer(s, { type: 'failure', seq: 1 });
    expect(s).toMatchObject({ liked: false, likeCount: 3 });
  });

  it('ignores the failure of an older tap', () => {
    let s = initialLike({ liked: false, likeCount: 3 });
    s = likeReducer(s, { type: 'toggle' });
    s = likeReducer(s, { type: 'toggle' });
    s = likeReducer(s, { type: 'toggle' });
    s = likeReducer(s, { type: 'failure', seq: 2 });
    expect(s).toMatchObject({ liked: true, likeCount: 4 });
  });

  it('syncs refetched data unless a tap is pending', () => {
    let s = initialLike({ liked: false, likeCount: 3 });
    s = likeReducer(s, { type: 'sync', server: { liked: false, likeCount: 7 } });
    expect(s.likeCount).toBe(7);
    s = likeReducer(s, { type: 'toggle' });
    s = likeReducer(s, { type: 'sync', server: { liked: false, likeCount: 9 } });
    expect(s).toMatchObject({ liked: true, likeCount: 8 });
  });
});

describe('patching cached lists', () => {
  const card = (id: string): ArticleCard => ({
    type: 'article', id, title: id, summary: null, cover: null, category: null, points: 0, durationMinutes: null,
    progress: null, likeCount: 1, commentCount: 0, liked: false, pinned: false, publishedAt: '2026-01-01T00:00:00Z',
  });

  it('patches the one article and keeps the others', () => {
    const list = [card('a'), card('b')];
    const next = patchArticles(list, 'b', { liked: true, likeCount: 2 });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ liked: true, likeCount: 2 });
  });

  it('returns the same list when the article is absent', () => {
    const list = [card('a')];
    expect(patchArticles(list, 'z', { liked: true, likeCount: 2 })).toBe(list);
  });

  it('patches Home’s feed', () => {
    const home: HomeFeed = { points: { balance: 0 }, continueLearning: [], forYou: [], articles: [card('a')] };
    expect(patchHome(home, 'a', { liked: true, likeCount: 5 })?.articles[0]?.likeCount).toBe(5);
    expect(patchHome(home, 'x', { liked: true, likeCount: 5 })).toBe(home);
    expect(patchHome(undefined, 'a', { liked: true, likeCount: 5 })).toBeUndefined();
  });
});
