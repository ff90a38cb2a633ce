// Web Push on this phone (docs/API.md "Web Push"): what the settings screen sends and reads, and the browser's
// side of subscribing. Pure parts are unit-tested (logic.test.ts).

export const PUSH_KINDS = ['courses', 'rewards', 'messages', 'events', 'badges'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface QuietHours {
  from: string;
  to: string;
}
export interface PushSettings {
  kinds: Record<PushKind, boolean>;
  quietHours: QuietHours | null;
  devices: number;
}

/** The quiet hours offered when a person turns them on: the night, in Bangkok time. */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: '22:00', to: '07:00' };

/** The server's VAPID key (base64url) as the bytes `PushManager.subscribe` wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Quiet hours the server accepts: two HH:MM times that differ (from later than to crosses midnight). */
export function validQuietHours(q: QuietHours): boolean {
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  return time.test(q.from) && time.test(q.to) && q.from !== q.to;
}

/** What this browser can do: push needs a service worker, the Push API and notifications. */
export type Support = 'unsupported' | 'no-worker' | 'denied' | 'ready';

export function pushSupport(win: Window & typeof globalThis = window): Promise<{ support: Support; registration?: ServiceWorkerRegistration }> {
  if (!('serviceWorker' in win.navigator) || !('PushManager' in win) || !('Notification' in win)) return Promise.resolve({ support: 'unsupported' });
  if (win.Notification.permission === 'denied') return Promise.resolve({ support: 'denied' });
  return win.navigator.serviceWorker.getRegistration().then((registration) => (registration ? { support: 'ready', registration } : { support: 'no-worker' }));
}
