import { describe, expect, it } from 'vitest';
import type { ArticleCard, Comment } from '../learning/types';
import { commentProblem, flattenComments, oldestId } from '../articles/api';
import { courseParam, examPaths } from '../exams/nav';
import { formatDelta, minutesOf } from '../../lib/format';
import { greetingKey, mergeArticles } from './homeLogic';

const card = (id: string) => ({ id }) as ArticleCard;
const comment = (id: string, createdAt: string) => ({ id, createdAt, body: id, author: { id: 'u', name: 'U', image: null }, mine: false }) as Comment;

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

  it('formats deltas with a real minus and rounds minutes up', () => {
    expect(formatDelta(0)).toBe('0');
    expect(formatDelta(-20)).toBe('\u221220');
    expect(minutesOf(61)).toBe(2);
    expect(minutesOf(0)).toBe(1);
  });
});

describe('comments', () => {
  it('checks length in characters after trimming', () => {
    expect(commentProblem('   ')).toBe('empty');
    expect(commentProblem(' hi ')).toBeNull();
    expect(commentProblem('ก'.repeat(1000))).toBeNull();
    expect(commentProblem('ก'.repeat(1001))).toBe('tooLong');
    expect(commentProblem('😀'.repeat(1000))).toBeNull();
  });

  it('orders loaded comments oldest first and finds the paging cursor', () => {
    const newest = { items: [comment('c3', '2026-01-03T00:00:00Z'), comment('c4', '2026-01-04T00:00:00Z')], hasMore: true };
    const older = { items: [comment('c1', '2026-01-01T00:00:00Z'), comment('c2', '2026-01-02T00:00:00Z')], hasMore: false };
    expect(flattenComments([newest, older]).map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(oldestId(newest.items)).toBe('c3');
    expect(oldestId([])).toBeUndefined();
  });
});

describe('exam links', () => {
  it('carries the course along and rejects odd ids', () => {
    expect(courseParam(new URLSearchParams('course=abc-1'))).toBe('abc-1');
    expect(courseParam(new URLSearchParams('course=../x'))).toBeNull();
    expect(examPaths.result('e', 'a', 'c')).toBe('/learning/exam/e/result/a?course=c');
    expect(examPaths.back(null)).toBe('/learning');
    expect(examPaths.back('c')).toBe('/learning/course/c');
  });
});
