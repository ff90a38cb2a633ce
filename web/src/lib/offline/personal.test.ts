import { afterEach, describe, expect, it } from 'vitest';
import { forgetPerson, offlineSession, sessionSeen } from './personal';
import { enqueue, pending } from './queue';
import { API_CACHE, DRILL_AHEAD_KEY, READ_CACHE } from './keys';

// jsdom has no Cache Storage: a small stand-in records which caches were deleted.
const deleted: string[] = [];
(globalThis as { caches?: unknown }).caches = { delete: async (name: string) => (deleted.push(name), true) };

const session = (id: string, expires = '2999-01-01T00:00:00.000Z') => ({ user: { id, name: id }, expires });

describe('personal offline copies', () => {
  afterEach(async () => {
    await forgetPerson();
    deleted.length = 0;
  });

  it('keeps the session seen for an offline start, until it expires', async () => {
    await sessionSeen(session('u1'));
    expect(offlineSession()?.user.id).toBe('u1');
    expect(offlineSession(Date.parse('3000-01-01'))).toBeNull();
    expect(deleted).toEqual([]);
  });

  // Sign-out (no session next) and another person signing in on the device: the last person's queue and
  // cached reads go; what is kept offline is the session seen now, if any.
  it.each([
    ['on sign-out (no session)', null],
    ['when another signs in on the device', 'u2'],
  ] as const)('forgets everything of the last person %s', async (_, next) => {
    await sessionSeen(session('u1'));
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    localStorage.setItem(DRILL_AHEAD_KEY, JSON.stringify({ user: 'u1', day: '2026-11-28', questions: [] }));
    await sessionSeen(next ? session(next) : null);
    expect(offlineSession()?.user.id ?? null).toBe(next);
    expect(pending()).toEqual([]);
    expect(localStorage.getItem(DRILL_AHEAD_KEY)).toBeNull();
    expect(deleted).toEqual([API_CACHE, READ_CACHE]);
  });

  it('keeps the cache when the same person is seen again', async () => {
    await sessionSeen(session('u1'));
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    await sessionSeen(session('u1'));
    expect(pending('u1')).toHaveLength(1);
    expect(deleted).toEqual([]);
  });
});
