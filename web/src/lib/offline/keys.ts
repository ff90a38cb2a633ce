// The names this device's offline copies are kept under, in a module of their own: the session code in the
// first screen (personal.ts) forgets them without loading the queue or the service worker's rules.
/** The service worker's cache of staff API reads (web/sw/sw.ts). */
export const API_CACHE = 'sf-api';
/** localStorage: the writes queued offline (queue.ts). */
export const QUEUE_KEY = 'shopfloor.offlineQueue';
/** localStorage: today's drill questions fetched ahead, for a drill done offline (user/drill/offline.ts). */
export const DRILL_AHEAD_KEY = 'shopfloor.drillAhead';
/** localStorage: the session last seen, for an offline start (personal.ts). */
export const SESSION_KEY = 'shopfloor.offlineSession';
/** Cache Storage: the notices and broadcasts read in the app, which the service worker does not show as pushes (readNotices.ts). */
export const READ_CACHE = 'sf-read';
