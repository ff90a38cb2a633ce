import { describe, expect, it } from 'vitest';
import { applyReaction, byRarity, myReaction, orderedReactions, pictureUrl, progressPercent, progressText, rarityRank, reactionChoices, stickerBook } from './logic';
import { reactionsFor, reactionUrl, withReactions } from './api';
import type { Reaction, Sticker, StickerSet } from './types';

const sticker = (id: string, count: number, rarity = 'common'): Sticker => ({ id, name: id, image: `/media/${id}.png`, rarity, count });
const set = (id: string, stickers: Sticker[]): StickerSet => ({ id, name: id, image: null, stickers });
const chip = (id: string, count: number, mine = false): Reaction => ({ sticker: { id, name: id, image: null }, count, mine });

describe('progressText', () => {
  it('says how far a counted rule is, by criteria', () => {
    expect(progressText('courses_completed', { current: 3, target: 5 })).toEqual({ key: 'recognition.progress.courses', values: { count: 5, current: '3', target: '5' } });
    expect(progressText('points_earned', { current: 1200, target: 2000 }, (n) => n.toLocaleString('en-US'))).toEqual({
      key: 'recognition.progress.points',
      values: { count: 2000, current: '1,200', target: '2,000' },
    });
    expect(progressText('learning_streak', { current: 4, target: 7 }).key).toBe('recognition.progress.streak');
  });

  it('keeps the count within 0..target', () => {
    expect(progressText('courses_completed', { current: 9, target: 5 }).values?.current).toBe('5');
    expect(progressText('courses_completed', { current: -1, target: 5 }).values?.current).toBe('0');
  });

  it('tells what to do for one-step rules and who awards a manual badge', () => {
    expect(progressText('course_completed', { current: 0, target: 1 })).toEqual({ key: 'recognition.progress.course' });
    expect(progressText('exam_passed', null)).toEqual({ key: 'recognition.progress.exam' });
    expect(progressText('manual', null)).toEqual({ key: 'recognition.progress.manual' });
  });

  it('falls back to a plain count for a rule of a later area, and to a neutral text without progress', () => {
    expect(progressText('story_published', { current: 1, target: 3 })).toEqual({ key: 'recognition.progress.generic', values: { current: '1', target: '3' } });
    expect(progressText('courses_completed', null)).toEqual({ key: 'recognition.progress.unknown' });
  });
});

describe('progressPercent', () => {
  it('is a whole percentage within 0..100, or null without a target', () => {
    expect(progressPercent({ current: 3, target: 5 })).toBe(60);
    expect(progressPercent({ current: 7, target: 5 })).toBe(100);
    expect(progressPercent({ current: 0, target: 0 })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });
});

describe('rarity', () => {
  it('orders common < rare < epic < legendary; unknown as common', () => {
    expect(['legendary', 'common', 'epic', 'rare'].map(rarityRank)).toEqual([3, 0, 2, 1]);
    expect(rarityRank('mythic')).toBe(0);
  });

  it('sorts rarest first, then by name', () => {
    const out = byRarity([sticker('b', 1, 'common'), sticker('a', 1, 'common'), sticker('z', 1, 'legendary'), sticker('m', 1, 'rare')]);
    expect(out.map((s) => s.id)).toEqual(['z', 'm', 'a', 'b']);
  });
});

describe('stickerBook', () => {
  it('counts owned, duplicates and completion per set, keeping the set order', () => {
    const book = stickerBook([set('s1', [sticker('a', 3), sticker('b', 0), sticker('c', 1)]), set('empty', []), set('s2', [sticker('d', 1)])]);
    expect(book.pages.map((p) => p.set.id)).toEqual(['s1', 's2']);
    expect(book.pages[0]).toMatchObject({ owned: 2, total: 3, duplicates: 2, complete: false });
    expect(book.pages[0]!.stickers.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(book.pages[1]).toMatchObject({ owned: 1, total: 1, duplicates: 0, complete: true });
    expect([book.owned, book.total]).toEqual([3, 4]);
  });

  it('is empty without sets', () => {
    expect(stickerBook(undefined)).toEqual({ pages: [], owned: 0, total: 0 });
  });
});

describe('reactionChoices', () => {
  it('offers only owned stickers, sets without any left out', () => {
    const out = reactionChoices([set('s1', [sticker('a', 0), sticker('b', 2)]), set('s2', [sticker('c', 0)])]);
    expect(out.map((g) => [g.set.id, g.stickers.map((s) => s.id)])).toEqual([['s1', ['b']]]);
  });
});

describe('reactions', () => {
  it('adds my first reaction as a new chip or to an existing one', () => {
    expect(applyReaction([], { id: 'x', name: 'x', image: null })).toEqual([chip('x', 1, true)]);
    expect(applyReaction([chip('x', 2)], { id: 'x', name: 'x', image: null })).toEqual([chip('x', 3, true)]);
  });

  it('moves my reaction from one sticker to another', () => {
    const out = applyReaction([chip('a', 2, true), chip('b', 1)], { id: 'b', name: 'b', image: null });
    expect(out).toEqual([chip('a', 1), chip('b', 2, true)]);
    expect(myReaction(out)).toBe('b');
  });

  it('takes my reaction back, dropping a chip at zero', () => {
    expect(applyReaction([chip('a', 1, true), chip('b', 4)], null)).toEqual([chip('b', 4)]);
  });

  it('changes nothing when reacting with the same sticker again', () => {
    const list = [chip('a', 1, true)];
    expect(applyReaction(list, { id: 'a', name: 'a', image: null })).toBe(list);
  });

  it('orders chips by count, mine first on a tie, and hides empty ones', () => {
    expect(orderedReactions([chip('a', 1), chip('b', 3), chip('c', 1, true), chip('d', 0)]).map((r) => r.sticker.id)).toEqual(['b', 'c', 'a']);
  });

  it('reads a target’s summary from the page’s reactions answer', () => {
    const page = { article: [chip('a', 2)], comments: { c1: [chip('b', 1, true)] } };
    expect(reactionsFor(page, { articleId: 'x' })).toEqual([chip('a', 2)]);
    expect(reactionsFor(page, { articleId: 'x', commentId: 'c1' })).toEqual([chip('b', 1, true)]);
    // A comment nobody reacted to is not in the answer.
    expect(reactionsFor(page, { articleId: 'x', commentId: 'c2' })).toEqual([]);
    expect(reactionsFor(undefined, { articleId: 'x' })).toEqual([]);
  });

  it('writes a PUT’s summary back into the page’s answer', () => {
    const page = { article: [chip('a', 2)], comments: { c1: [chip('b', 1)] } };
    expect(withReactions(page, { articleId: 'x', commentId: 'c2' }, [chip('a', 1, true)])).toEqual({ article: [chip('a', 2)], comments: { c1: [chip('b', 1)], c2: [chip('a', 1, true)] } });
    expect(withReactions(page, { articleId: 'x' }, [])).toEqual({ article: [], comments: { c1: [chip('b', 1)] } });
    expect(withReactions(undefined, { articleId: 'x' }, [chip('a', 1, true)])).toEqual({ article: [chip('a', 1, true)], comments: {} });
  });

  it('PUTs to the article’s or the comment’s reaction', () => {
    expect(reactionUrl({ articleId: 'a 1' })).toBe('/api/articles/a%201/reaction');
    expect(reactionUrl({ articleId: 'a1', commentId: 'c1' })).toBe('/api/articles/a1/comments/c1/reaction');
  });
});

describe('pictureUrl', () => {
  it('reads a media summary, a bare url or nothing', () => {
    expect(pictureUrl({ id: 'm', url: '/media/a.png' })).toBe('/media/a.png');
    expect(pictureUrl('/media/b.png')).toBe('/media/b.png');
    expect(pictureUrl(null)).toBe('');
  });
});
