import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { clearQueue, dequeue, enqueue, MAX_AGE_MS, pending, replay, retryable, type QueuedWrite } from './queue';

const networkDown = () => new ApiError(0, 'NETWORK_ERROR', 'offline');

describe('offline queue', () => {
  afterEach(() => clearQueue());

  it('keeps writes per person, one per URL, the latest winning', () => {
    enqueue('u1', '/api/contents/a/progress', { percent: 90 });
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    enqueue('u1', '/api/contents/b/progress', { percent: 100 });
    enqueue('u2', '/api/contents/a/progress', { percent: 100 });
    expect(pending('u1').map((w) => [w.url, w.body])).toEqual([
      ['/api/contents/a/progress', { percent: 100 }],
      ['/api/contents/b/progress', { percent: 100 }],
    ]);
    expect(pending('u2')).toHaveLength(1);
    expect(new Set(pending().map((w) => w.key)).size).toBe(3);
  });

  it("keeps an exam's answers as a PUT, dropped once its page saved them itself", () => {
    enqueue('u1', '/api/exam-attempts/x/answers', { answers: { q1: ['a'] } }, { method: 'PUT' });
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    expect(pending('u1').map((w) => w.method)).toEqual(['PUT', undefined]);
    dequeue('u2', '/api/exam-attempts/x/answers');
    expect(pending('u1')).toHaveLength(2);
    dequeue('u1', '/api/exam-attempts/x/answers');
    expect(pending('u1').map((w) => w.url)).toEqual(['/api/contents/a/progress']);
  });

  it('keeps many writes to one URL apart by slot (the drill: one answer per question)', () => {
    const url = '/api/drill/today/answers';
    enqueue('u1', url, { questionId: 'q1', choices: ['a'] }, { slot: 'drill:2026-11-28:q1' });
    enqueue('u1', url, { questionId: 'q2', choices: ['b'] }, { slot: 'drill:2026-11-28:q2' });
    enqueue('u1', url, { questionId: 'q1', choices: ['c'] }, { slot: 'drill:2026-11-28:q1' });
    expect(pending('u1').map((w) => w.body)).toEqual([{ questionId: 'q2', choices: ['b'] }, { questionId: 'q1', choices: ['c'] }]);
    dequeue('u1', url); // the URL alone names neither
    expect(pending('u1')).toHaveLength(2);
    dequeue('u1', 'drill:2026-11-28:q2');
    expect(pending('u1').map((w) => w.slot)).toEqual(['drill:2026-11-28:q1']);
  });

  it('survives a reload (localStorage) and is emptied by clearQueue', () => {
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    expect(JSON.parse(localStorage.getItem('shopfloor.offlineQueue')!)).toHaveLength(1);
    clearQueue();
    expect(localStorage.getItem('shopfloor.offlineQueue')).toBeNull();
    expect(pending()).toEqual([]);
  });

  it('sends only the person\'s own writes, each once, and empties as they are sent', async () => {
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    enqueue('u2', '/api/contents/b/progress', { percent: 100 });
    const sent: QueuedWrite[] = [];
    expect(await replay('u1', async (w) => void sent.push(w))).toEqual(['sent']);
    expect(sent.map((w) => [w.user, w.url])).toEqual([['u1', '/api/contents/a/progress']]);
    expect(pending('u1')).toEqual([]);
    expect(pending('u2')).toHaveLength(1);
    expect(await replay('u1', async (w) => void sent.push(w))).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('stops at the first write that must wait and keeps it and the rest', async () => {
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    enqueue('u1', '/api/contents/b/progress', { percent: 100 });
    let calls = 0;
    expect(await replay('u1', async () => {
      calls++;
      throw networkDown();
    })).toEqual(['retry']);
    expect(calls).toBe(1);
    expect(pending('u1')).toHaveLength(2);
  });

  it('keeps a lesson whose reading clock has not run and goes on with the next', async () => {
    enqueue('u1', '/api/contents/early/progress', { percent: 100 });
    enqueue('u1', '/api/contents/b/progress', { percent: 100 });
    const outcomes = await replay('u1', async (w) => {
      if (w.url.includes('early')) throw new ApiError(422, 'TOO_EARLY', 'wait');
    });
    expect(outcomes).toEqual(['retry', 'sent']);
    expect(pending('u1').map((w) => w.url)).toEqual(['/api/contents/early/progress']);
  });

  it('drops a write the server refuses for good, and one too old to matter', async () => {
    const now = Date.now();
    enqueue('u1', '/api/contents/gone/progress', { percent: 100 }, { at: now });
    enqueue('u1', '/api/contents/old/progress', { percent: 100 }, { at: now - MAX_AGE_MS - 1 });
    const tried: string[] = [];
    const outcomes = await replay('u1', async (w) => {
      tried.push(w.url);
      throw new ApiError(404, 'NOT_FOUND', 'gone');
    }, now);
    expect(outcomes).toEqual(['dropped', 'dropped']);
    expect(tried).toEqual(['/api/contents/gone/progress']);
    expect(pending('u1')).toEqual([]);
  });

  it('shares one run between concurrent replays (the online event and a start-up at once)', async () => {
    enqueue('u1', '/api/contents/a/progress', { percent: 100 });
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = async () => {
      calls++;
      await gate;
    };
    const first = replay('u1', send);
    const second = replay('u1', send);
    release();
    expect(await first).toEqual(['sent']);
    expect(await second).toEqual(['sent']);
    expect(calls).toBe(1);
  });

  it('tries again after a lost connection, a busy server or a lesson clock not yet run; not after a refusal', () => {
    expect(retryable(networkDown())).toBe(true);
    expect(retryable(new ApiError(503, 'UNAVAILABLE', ''))).toBe(true);
    expect(retryable(new ApiError(429, 'RATE_LIMITED', ''))).toBe(true);
    expect(retryable(new ApiError(422, 'TOO_EARLY', ''))).toBe(true);
    expect(retryable(new ApiError(422, 'VALIDATION_FAILED', ''))).toBe(false);
    expect(retryable(new ApiError(404, 'NOT_FOUND', ''))).toBe(false);
  });
});
