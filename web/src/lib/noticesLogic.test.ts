import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import th from '../i18n/th.json';
import { badgeLabel, FRESH_MS, isNews, KNOWN_TYPES, nextPageBefore, noticeText, POINT_SOURCES, REDEMPTION_STATUSES, safeLink } from './noticesLogic';

const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((t, k) => (t && typeof t === 'object' ? (t as Record<string, unknown>)[k] : undefined), tree);

describe('notices', () => {
  it('pick the text by type and, for redemptions, by status', () => {
    expect(noticeText({ type: 'redemption_status', params: { reward: 'ร่ม', status: 'approved' } })).toEqual({
      key: 'notices.types.redemption_status.approved',
      values: { reward: 'ร่ม', status: 'approved' },
    });
    expect(noticeText({ type: 'redemption_status', params: { status: 'weird' } }).key).toBe('notices.types.redemption_status.other');
    expect(noticeText({ type: 'event_reminder', params: { title: 'ประชุม', when: 'hour', at: '10/1 14:30' } })).toEqual({
      key: 'notices.types.event_reminder.hour',
      values: { title: 'ประชุม', when: 'hour', at: '10/1 14:30' },
    });
    expect(noticeText({ type: 'event_reminder', params: { when: 'day' } }).key).toBe('notices.types.event_reminder.day');
    expect(noticeText({ type: 'course_due', params: { course: 'Service', dueAt: '2026-03-01T00:00:00.000Z' } }).key).toBe('notices.types.course_due');
    expect(noticeText({ type: 'story_liked', params: {} }).key).toBe('notices.types.other');
    expect(noticeText({ type: 'badge_earned', params: { badge: 'Fast', n: 3, bad: { x: 1 } } }).values).toEqual({ badge: 'Fast', n: '3' });
  });

  it('tell points by their source, redemptions by every status, and the points an approval paid', () => {
    expect(noticeText({ type: 'points_received', params: { points: 20, source: 'lesson', reason: 'บริการ' } })).toEqual({
      key: 'notices.types.points_received.lesson',
      values: { points: '20', source: 'lesson', reason: 'บริการ' },
    });
    expect(noticeText({ type: 'points_received', params: { points: 5, source: 'refund', reason: 'x' } }).key).toBe('notices.types.points_received.other');
    expect(noticeText({ type: 'redemption_status', params: { reward: 'ร่ม', status: 'pending', points: 100 } }).key).toBe('notices.types.redemption_status.pending');
    expect(noticeText({ type: 'redemption_status', params: { reward: 'ร่ม', status: 'cancelled', points: 100 } }).key).toBe('notices.types.redemption_status.cancelled');
    expect(noticeText({ type: 'entry_approved', params: { title: 'x', points: 10 } }).key).toBe('notices.types.entry_approved_points');
    expect(noticeText({ type: 'entry_approved', params: { title: 'x', points: 0 } }).key).toBe('notices.types.entry_approved');
    expect(noticeText({ type: 'event_waitlisted', params: { title: 'x' } }).key).toBe('notices.types.event_waitlisted');
  });

  it('have a Thai and an English text for every type', () => {
    const keys = [
      ...KNOWN_TYPES.filter((k) => k !== 'redemption_status' && k !== 'points_received' && k !== 'event_reminder').map((k) => `notices.types.${k}`),
      'notices.types.event_reminder.day',
      'notices.types.event_reminder.hour',
      ...[...REDEMPTION_STATUSES, 'other'].map((s) => `notices.types.redemption_status.${s}`),
      ...[...POINT_SOURCES, 'other'].map((s) => `notices.types.points_received.${s}`),
      'notices.types.entry_approved_points',
      'notices.types.campaign_won_points',
      'notices.types.other',
    ];
    for (const key of keys) {
      expect(typeof lookup(th, key), key).toBe('string');
      expect(typeof lookup(en, key), key).toBe('string');
    }
  });

  it('show a badge only for unread ones, capped at 99+', () => {
    expect(badgeLabel(undefined)).toBeNull();
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(100)).toBe('99+');
  });

  it('follow in-app links only', () => {
    expect(safeLink('/club/redemptions')).toBe('/club/redemptions');
    expect(safeLink('//evil.example')).toBeNull();
    expect(safeLink('https://evil.example')).toBeNull();
    expect(safeLink(null)).toBeNull();
  });

  it('page with the last id while there is more', () => {
    const item = (id: string) => ({ id, type: 'event', params: {}, link: null, read: false, createdAt: '' });
    expect(nextPageBefore({ items: [item('a'), item('b')], unread: 2, hasMore: true })).toBe('b');
    expect(nextPageBefore({ items: [item('a')], unread: 1, hasMore: false })).toBeUndefined();
  });
});

describe('isNews', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const n = { id: 'a', read: false, createdAt: '2026-11-26T09:59:30Z' };
  it('toasts a fresh unread notice once', () => {
    expect(isNews(n, new Set(), now)).toBe(true);
    expect(isNews(n, new Set(['a']), now)).toBe(false);
  });
  it('skips read, old, missing or undated notices', () => {
    expect(isNews({ ...n, read: true }, new Set(), now)).toBe(false);
    expect(isNews({ ...n, createdAt: new Date(now - FRESH_MS - 1).toISOString() }, new Set(), now)).toBe(false);
    expect(isNews(undefined, new Set(), now)).toBe(false);
    expect(isNews({ ...n, createdAt: 'soon' }, new Set(), now)).toBe(false);
  });
});
