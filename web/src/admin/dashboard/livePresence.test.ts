import { describe, expect, it } from 'vitest';
import type { PresenceUser } from '../../lib/presence';
import { applyChange, mergeOnlineList, sortPresence } from './livePresence';

const user = (id: string, online: boolean, lastSeen: string | null, name = id): PresenceUser => ({
  userId: id,
  name,
  employeeCode: id.toUpperCase(),
  store: null,
  online,
  lastSeen,
});

describe('live presence', () => {
  it('a fresh online list marks missing people offline and adds new ones', () => {
    const prev = new Map([['a', user('a', true, '2026-11-22T10:00:00.000Z')]]);
    const next = mergeOnlineList(prev, [user('b', true, '2026-11-22T10:01:00.000Z')]);
    expect(next.get('a')?.online).toBe(false);
    expect(next.get('b')?.online).toBe(true);
  });

  it('a stale list does not bring back someone we saw leave', () => {
    const prev = new Map([['a', user('a', false, '2026-11-22T10:05:00.000Z')]]);
    const next = mergeOnlineList(prev, [user('a', true, '2026-11-22T10:00:00.000Z')]);
    expect(next.get('a')?.online).toBe(false);
  });

  it('applies changes to known people and asks for names of unknown ones', () => {
    const prev = new Map([['a', user('a', true, '2026-11-22T10:00:00.000Z')]]);
    const next = applyChange(prev, { userId: 'a', online: false, lastSeen: '2026-11-22T10:09:00.000Z' });
    expect(next?.get('a')).toMatchObject({ online: false, lastSeen: '2026-11-22T10:09:00.000Z', name: 'a' });
    expect(applyChange(prev, { userId: 'z', online: true, lastSeen: null })).toBeNull();
    expect(applyChange(prev, { userId: 'z', online: false, lastSeen: null })?.has('z')).toBe(false);
  });

  it('sorts online first, then the most recently seen', () => {
    const list = sortPresence([
      user('old', false, '2026-11-22T09:00:00.000Z'),
      user('on', true, '2026-11-22T08:00:00.000Z'),
      user('recent', false, '2026-11-22T10:00:00.000Z'),
    ]);
    expect(list.map((u) => u.userId)).toEqual(['on', 'recent', 'old']);
  });
});
