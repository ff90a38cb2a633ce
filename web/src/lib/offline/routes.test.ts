import { describe, expect, it } from 'vitest';
import { isCachedApiRead, isStaffPage, isThumbnail, notificationTarget } from './routes';

describe('offline routes', () => {
  it('keeps the staff tabs\' reads and the items opened from them', () => {
    for (const p of ['/api/config', '/api/me', '/api/me/badges', '/api/home', '/api/learning', '/api/contents/abc', '/api/club', '/api/stories', '/api/stories/places', '/api/notifications/unread-count', '/api/messages/unread-count', '/api/drill/summary'])
      expect(isCachedApiRead(p), p).toBe(true);
  });

  it('never keeps sign-in, back-office or push endpoints, nor lookalike paths', () => {
    for (const p of ['/api/auth/session', '/api/auth/csrf', '/api/admin/contents', '/api/admin/me', '/api/push/key', '/api/messages', '/api/messages/threads', '/api/clubhouse', '/api/mechanics', '/api/learningx', '/api/register/x', '/api/drill/today', '/api/drill/today/ahead'])
      expect(isCachedApiRead(p), p).toBe(false);
  });

  it('answers staff screens offline, not the back office, shared links or files', () => {
    for (const p of ['/', '/main', '/learning', '/learning/content/1', '/stores', '/club', '/p/u1', '/profile', '/login', '/administration-tips'])
      expect(isStaffPage(p), p).toBe(true);
    for (const p of ['/admin', '/admin/contents', '/api/home', '/share/abc', '/media/x.jpg', '/_image'])
      expect(isStaffPage(p), p).toBe(false);
  });

  it('keeps resized pictures only', () => {
    expect(isThumbnail('/_image')).toBe(true);
    expect(isThumbnail('/media/a.jpg')).toBe(false);
  });

  it('opens only our own paths from a notification', () => {
    expect(notificationTarget('/learning/course/1')).toBe('/learning/course/1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', undefined, 3])
      expect(notificationTarget(bad)).toBe('/main');
  });
});
