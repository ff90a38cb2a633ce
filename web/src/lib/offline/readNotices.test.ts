import { describe, expect, it } from 'vitest';
import { alreadyRead, broadcastKey, MAX_READ, noticeKey, withRead } from './readNotices';

describe('read notices', () => {
  it('adds keys once, newest last, keeping the newest MAX_READ', () => {
    expect(withRead(['n:a', 'n:b'], ['n:b', 'n:c'])).toEqual(['n:a', 'n:b', 'n:c']);
    const full = Array.from({ length: MAX_READ }, (_, i) => `n:${i}`);
    const next = withRead(full, ['n:new']);
    expect(next).toHaveLength(MAX_READ);
    expect(next[0]).toBe('n:1');
    expect(next.at(-1)).toBe('n:new');
  });

  it('skips a push whose notice or broadcast was read here, and only that', () => {
    const read = new Set([noticeKey('N1'), broadcastKey('B1')]);
    expect(alreadyRead({ notificationId: 'N1' }, read)).toBe(true);
    expect(alreadyRead({ broadcastId: 'B1' }, read)).toBe(true);
    expect(alreadyRead({ notificationId: 'N2' }, read)).toBe(false);
    // A broadcast's id is not a notice's: the kinds are kept apart.
    expect(alreadyRead({ notificationId: 'B1' }, read)).toBe(false);
    expect(alreadyRead({}, read)).toBe(false);
    expect(alreadyRead({ notificationId: 42 }, new Set(['n:42']))).toBe(false);
  });
});
