// The staff app's service worker (issue 30; docs/PWA.md), built by vite-plugin-pwa (injectManifest) into
// dist/sw.js with the precache list of vite.config.ts. What it keeps is decided by src/lib/offline/routes.ts.
// - The app shell and the staff screens' chunks are precached; a new version waits until the person taps
//   "Reload" (the page sends SKIP_WAITING), so an open page never mixes old and new chunks.
// - Page navigations go to the network first (the server's HTML carries the first screen's Link preloads) and
//   fall back to the precached index.html when offline or slow: every staff path opens offline.
// - Staff API reads: NetworkFirst with a short timeout, so offline shows what was last seen.
// - Resized pictures: CacheFirst with an expiry.
// - Web Push: shows the notification, unless its notice or broadcast was already read in the app here
//   (src/lib/offline/readNotices.ts); a tap opens (or focuses) the app at its link.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { alreadyRead, readKeys } from '../src/lib/offline/readNotices';
import { API_CACHE, THUMB_CACHE, isCachedApiRead, isStaffPage, isThumbnail, notificationTarget } from '../src/lib/offline/routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** How long a page or an API read may take before the kept copy is shown instead. */
const NETWORK_TIMEOUT_S = 4;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isStaffPage(url.pathname),
  async ({ request }) => {
    try {
      return await Promise.race([
        fetch(request),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), NETWORK_TIMEOUT_S * 1000)),
      ]);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) => sameOrigin(url) && isCachedApiRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

registerRoute(
  ({ url }) => sameOrigin(url) && isThumbnail(url.pathname),
  new CacheFirst({
    cacheName: THUMB_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// ---- Web Push (payload: docs/API.md "Web Push": {title, body, url, tag, notificationId?, broadcastId?})

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  notificationId?: string;
  broadcastId?: string;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    (async () => {
      if (alreadyRead(data, await readKeys())) {
        // Seen in the app already: not shown, and an older notification about the same thing goes too.
        if (data.tag) for (const n of await self.registration.getNotifications({ tag: data.tag })) n.close();
        return;
      }
      await self.registration.showNotification(data.title || 'Shopfloor', {
        body: data.body ?? '',
        tag: data.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: notificationTarget(data.url), notificationId: data.notificationId },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(notificationTarget((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const app = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (app) {
        await app.focus();
        await app.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
