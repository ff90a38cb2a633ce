// What the service worker (web/sw/sw.ts) keeps for offline use, as plain rules the unit tests read too
// (docs/PWA.md). Staff reads only: never the sign-in endpoints, never the back office's APIs or pages, and
// never one person's answers for another (the page empties API_CACHE when the person changes: personal.ts).

/** The staff API reads kept (NetworkFirst): the five tabs' data and the items opened from them. */
export { API_CACHE } from './keys';
/** Resized pictures (/_image), kept a while (CacheFirst with an expiry). */
export const THUMB_CACHE = 'sf-thumbs';

// Each a path prefix; a prefix ending in a letter also matches the path itself and its sub-paths.
const cachedApiReads = [
  '/api/config',
  '/api/me',
  '/api/home',
  '/api/ads',
  '/api/for-you',
  '/api/learning',
  '/api/contents/',
  '/api/courses/',
  '/api/ebooks',
  '/api/articles',
  '/api/club',
  '/api/stories',
  '/api/galleries',
  '/api/leaderboards',
  '/api/notifications',
  '/api/messages/unread-count',
  '/api/users/',
  // Home's and the Club's cards.
  '/api/pulses',
  '/api/polls',
  '/api/surveys',
  '/api/forms',
  '/api/events',
  '/api/socialclub',
  '/api/contests',
  '/api/campaigns',
  '/api/drill',
];

// Never kept, even under a prefix above. The drill's question of the moment: a copy shown offline would be a
// question whose clock has run out (the drill fetches the day's questions ahead itself: user/drill/offline.ts).
const neverCached = ['/api/auth/', '/api/admin/', '/api/push/', '/api/drill/today'];

function underPrefix(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** Whether a same-origin GET of `path` (without the query) is a staff read the service worker keeps. */
export function isCachedApiRead(path: string): boolean {
  if (neverCached.some((p) => path.startsWith(p))) return false;
  return cachedApiReads.some((p) => underPrefix(path, p));
}

// Paths that are not the staff app: the back office, the API, shared links and media files.
const notStaffPages = ['/api/', '/admin', '/share', '/media/', '/_image', '/readyz', '/healthz'];

/** Whether a page navigation to `path` is one of the staff app's screens, answered offline by index.html. */
export function isStaffPage(path: string): boolean {
  return !notStaffPages.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path.startsWith(p.endsWith('/') ? p : `${p}?`));
}

/** Whether `path` is a resized picture (/_image?url=…&w=…), kept in THUMB_CACHE. */
export function isThumbnail(path: string): boolean {
  return path === '/_image';
}

/** A notification's link, opened on a tap only when it is one of ours (a path, never another site). */
export function notificationTarget(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/main';
}
