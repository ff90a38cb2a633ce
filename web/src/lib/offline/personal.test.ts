import { afterEach, describe, expect, it } from 'vitest';
import { forgetPerson, offlineSession, sessionSeen } from './personal';
import { enqueue, pending } from './queue';
import { API_CACHE } from './routes';

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

  it('forgets everything of the person on sign-out (no session)', async () => {
    await sessionSeen(session('u1'));
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    await sessionSeen(null);
    expect(offlineSession()).toBeNull();
    expect(pending()).toEqual([]);
    expect(deleted).toEqual([API_CACHE]);
  });

  it('forgets the last person when another signs in on the device', async () => {
    await sessionSeen(session('u1'));
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    await sessionSeen(session('u2'));
    expect(offlineSession()?.user.id).toBe('u2');
    expect(pending()).toEqual([]);
    expect(deleted).toEqual([API_CACHE]);
  });

  it('keeps the cache when the same person is seen again', async () => {
    await sessionSeen(session('u1'));
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    await sessionSeen(session('u1'));
    expect(pending('u1')).toHaveLength(1);
    expect(deleted).toEqual([]);
  });
});
