import { describe, expect, it } from 'vitest';
import { lastSeenText, relativeTime } from './relativeTime';

const now = Date.parse('2026-11-22T12:00:00.000Z');

describe('relativeTime', () => {
  it('reads naturally in English and Thai', () => {
    expect(relativeTime('2026-11-22T11:57:00.000Z', now, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-11-22T11:57:00.000Z', now, 'th')).toBe('3 นาทีที่ผ่านมา');
    expect(relativeTime('2026-11-22T11:59:40.000Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-11-22T10:00:00.000Z', now, 'en')).toBe('2 hours ago');
    expect(relativeTime('2026-11-21T11:00:00.000Z', now, 'en')).toBe('yesterday');
  });

  it('is empty for a bad date', () => {
    expect(relativeTime('nope', now, 'en')).toBe('');
  });
});

describe('lastSeenText', () => {
  const t = (key: string, o?: Record<string, string>) => (o ? `${key}:${o.time}` : key);
  it('says "just now" within a minute, else the relative time', () => {
    expect(lastSeenText(t, '2026-11-22T11:59:30.000Z', now, 'en')).toBe('presence.lastSeenJustNow');
    expect(lastSeenText(t, '2026-11-22T11:55:00.000Z', now, 'en')).toBe('presence.lastSeen:5 minutes ago');
  });
});
