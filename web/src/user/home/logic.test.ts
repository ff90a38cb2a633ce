import { describe, expect, it } from 'vitest';
import type { ArticleCard } from '../../lib/learning/types';
import { greetingKey, mergeArticles } from './logic';

const card = (id: string) => ({ id }) as ArticleCard;

describe('home', () => {
  it('greets by the hour', () => {
    expect(greetingKey(6)).toBe('feed.morning');
    expect(greetingKey(13)).toBe('feed.afternoon');
    expect(greetingKey(20)).toBe('feed.evening');
    expect(greetingKey(2)).toBe('feed.evening');
  });

  it('merges older articles without repeating any', () => {
    expect(mergeArticles([card('a'), card('b')], [card('b'), card('c')]).map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });
});
