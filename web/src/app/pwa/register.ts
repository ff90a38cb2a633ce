// Registers the service worker (web/sw/sw.ts, dist/sw.js) with Workbox's window library once the first screen
// is up, and tells the app when a new version is installed and waiting: it takes over only when the person
// taps "Reload" (applyUpdate), then the page reloads once, so an open page never runs old and new chunks
// together. A browser without service workers (or a test that blocks them) simply gets none.
import { Workbox } from 'workbox-window';

export interface Registration {
  /** Takes the waiting version into use and reloads the page when it controls it. */
  applyUpdate(): void;
}

/** How often an open app asks the server whether there is a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(onUpdateReady: () => void): Registration | null {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloading = false;
  wb.addEventListener('waiting', onUpdateReady);
  wb.register().then(
    (reg) => {
      if (!reg) return;
      // A phone keeps the app open for days: look for a new version now and then, and when it comes back.
      setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
      });
    },
    () => undefined,
  );
  return {
    applyUpdate() {
      wb.addEventListener('controlling', () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      });
      wb.messageSkipWaiting();
    },
  };
}
