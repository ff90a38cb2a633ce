import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLive, unreadKey, type MessagesUnread } from './unread';

const seeded = () => {
  const qc = new QueryClient();
  qc.setQueryData<MessagesUnread>(unreadKey, { unread: 2, broadcasts: 1, threads: 1 });
  qc.setQueryData(['messages', 'inbox'], { items: [] });
  return qc;
};

describe('live messages', () => {
  it('a broadcast adds one to the count and marks the inbox stale', () => {
    const qc = seeded();
    expect(applyLive(qc, { type: 'messages', event: 'broadcast', broadcast: { id: 'b' } })).toBe(true);
    expect(qc.getQueryData(unreadKey)).toEqual({ unread: 3, broadcasts: 2, threads: 1 });
    expect(qc.getQueryState(['messages', 'inbox'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(unreadKey)?.isInvalidated).toBe(false);
  });

  it('a thread event replaces the count with the server’s', () => {
    const qc = seeded();
    applyLive(qc, { type: 'messages', event: 'thread', threadId: 't', unread: { unread: 0, broadcasts: 0, threads: 0 } });
    expect(qc.getQueryData(unreadKey)).toEqual({ unread: 0, broadcasts: 0, threads: 0 });
  });

  it('ignores other messages and refetches everything after a reconnect', () => {
    const qc = seeded();
    expect(applyLive(qc, { type: 'notifications', unread: 4 })).toBe(false);
    expect(qc.getQueryData(unreadKey)).toEqual({ unread: 2, broadcasts: 1, threads: 1 });
    applyLive(qc, { type: 'hello' });
    expect(qc.getQueryState(unreadKey)?.isInvalidated).toBe(true);
  });
});
