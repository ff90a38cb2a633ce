import { describe, expect, it } from 'vitest';
import type { Comment } from '../../lib/learning/types';
import { commentProblem, flattenComments, oldestId } from './api';

const comment = (id: string, createdAt: string) => ({ id, createdAt, body: id, author: { id: 'u', name: 'U', image: null }, mine: false }) as Comment;

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
