// Telemetry (SPEC §4): the seed's user-activity call, and a tiny batched tracker for clicks, page time,
// time to first scroll, page views and Web Vitals, in the spirit of the Umami and Plausible trackers.
// It never throws, never blocks the UI and survives a closing tab: batches go out on an interval, at
// BATCH_SIZE events, and on pagehide / visibilitychange→hidden with fetch(keepalive), sendBeacon as the
// fallback, and localStorage as the last resort (resent on the next load).
// PDPA (issue 34): a signed-in person's events wait until their answer to the privacy notice is known
// (setConsent, from lib/consent.ts) and are dropped unless tracking is allowed; anonymous visitors' events
// name no one and go out as before.
import { api, getCsrfToken } from './api';

export const ANONYMOUS = 'anonymous';
export const FLUSH_INTERVAL_MS = 5_000;
export const BATCH_SIZE = 20;
/** Largest element markup the server keeps (bytes of UTF-8). */
export const MAX_ELEMENT_BYTES = 1024;
const MAX_URL_BYTES = 2048;
/** Browsers allow 64 KiB of keepalive bodies in flight per page; stay under it. */
export const MAX_BODY_BYTES = 60 * 1024;
const MAX_EVENTS_PER_BODY = 200;
/** Events kept while the server can't be reached; the oldest go first. */
const MAX_QUEUE = 500;
const ENDPOINT = '/api/telemetry';
const STASH_KEY = 'shopfloor.telemetry.pending';

export type TelemetryEvent =
  | { type: 'click'; element: string; url: string }
  | { type: 'page_time'; duration: number; url: string }
  | { type: 'scroll_time'; duration: number; url: string }
  | { type: 'page_view'; url: string; referrer?: string }
  | { type: 'web_vital'; name: string; value: number; rating?: string; url: string }
  /** Someone saw (view) or tapped (tap) an item of an area that counts them, e.g. a Home slide. */
  | { type: 'item'; resource: string; id: string; action: 'view' | 'tap'; url: string };

/**
 * An event as sent: `userId` is null until the session is known, then stamped. `batch` is the key of the batch
 * it was first sent in: a batch resent (its answer lost offline, kept, stashed) goes again whole with the same
 * key, so the server counts it once (POST /api/telemetry `batchKey`).
 */
type Queued = TelemetryEvent & { userId: string | null; time: number; batch?: string };

/** A new batch key made on this device (a UUID: 36 of the server's 8-64 letters, digits and '-'). */
export function newBatchKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const encoder = new TextEncoder();

/** `text` cut to at most `maxBytes` of UTF-8, never in the middle of a character. */
export function trimToBytes(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text; // fast path: cannot exceed
  const buffer = new Uint8Array(maxBytes);
  const { read } = encoder.encodeInto(text, buffer); // encodeInto writes whole characters only
  return read >= text.length ? text : text.slice(0, read);
}

/** The clicked element's markup for `user_clicks`: form values blanked, at most 1 KiB of UTF-8. */
export function elementMarkup(el: Element): string {
  let html = el.outerHTML;
  // React mirrors controlled inputs' values into the attribute: never ship what people type.
  html = html.replace(/(<(?:input|textarea|select)\b[^>]*?\svalue=)("[^"]*"|'[^']*')/gi, '$1""');
  if (/^<textarea\b/i.test(html)) html = html.replace(/^(<textarea\b[^>]*>)[\s\S]*(<\/textarea>)$/i, '$1$2');
  return trimToBytes(html, MAX_ELEMENT_BYTES);
}

/** The page address as the server stores it: path and query, within its 2 KiB limit. */
export function currentUrl(): string {
  return trimToBytes(`${location.pathname}${location.search}`, MAX_URL_BYTES);
}

/** The seed's call on first load and on every route change while signed in; failures only reach the console. */
export async function recordUserActivity(userId: string, page: string): Promise<void> {
  try {
    await api('/api/user-activity', {
      method: 'POST',
      body: { userId, page: trimToBytes(page, MAX_URL_BYTES), action: 'view' },
      toastOnNetworkError: false,
    });
  } catch (err) {
    console.error('Failed to record user activity', err);
  }
}

export interface TrackerDeps {
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: BodyInit) => boolean;
  csrfToken?: (force?: boolean) => Promise<string>;
  now?: () => number;
}

export interface Tracker {
  /** Installs the listeners and the flush timer (once). */
  start(): void;
  /** The signed-in user's id, or null when signed out. */
  setUser(userId: string | null): void;
  /** Whether the signed-in user's events may be sent (GET /api/me/privacy/consent's `tracking`). */
  setConsent(allowed: boolean): void;
  /** Runs `send` once the signed-in user's events may go out; never if they may not. */
  whenAllowed(send: () => void): void;
  /** A completed route change: page time of the page left, a page view of the new one. */
  route(url: string): void;
  track(event: TelemetryEvent): void;
  /** Sends what is queued; `leaving` when the page may be gone before an answer comes. */
  flush(leaving?: boolean): void;
  /** Before sign-out: record the page time and send everything while the session still exists. */
  leave(): Promise<void>;
  /** Events waiting (tests). */
  pending(): number;
  stop(): void;
}

export function createTracker(deps: TrackerDeps = {}): Tracker {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const beacon =
    deps.sendBeacon ??
    ((url: string, data: BodyInit) => (typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, data) : false));
  const csrf = deps.csrfToken ?? getCsrfToken;
  const now = deps.now ?? (() => Date.now());

  let queue: Queued[] = [];
  let userId: string | null = null;
  let userKnown = false;
  // The signed-in user's answer: unknown until setConsent (events wait), then allowed or not.
  let consent: 'unknown' | 'allowed' | 'denied' = 'unknown';
  let waiting: (() => void)[] = [];
  let token: string | undefined;
  let started = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let inflightBytes = 0;

  // The current page: its url, when it (last) became visible, whether it has been scrolled.
  let pageUrl: string | null = null;
  let visibleSince: number | null = null;
  let routeStart = 0;
  let scrolled = false;

  const safe =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
      } catch {
        /* telemetry never breaks the page */
      }
    };

  function push(event: TelemetryEvent) {
    if (userKnown && userId !== null && consent === 'denied') return; // not even kept in memory
    queue.push({ ...event, userId: userKnown ? (userId ?? ANONYMOUS) : null, time: now() });
    if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
    if (queue.length >= BATCH_SIZE) flush(false);
  }

  function refreshToken(force = false): Promise<void> {
    return csrf(force).then(
      (t) => {
        token = t;
      },
      () => {
        /* next flush tries again */
      },
    );
  }

  function requeue(events: Queued[]) {
    queue = events.concat(queue);
    if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
  }

  function stash(events: Queued[]) {
    try {
      const old = JSON.parse(localStorage.getItem(STASH_KEY) ?? '[]') as Queued[];
      localStorage.setItem(STASH_KEY, JSON.stringify(old.concat(events).slice(-MAX_QUEUE)));
    } catch {
      /* storage full or unavailable */
    }
  }

  function unstash() {
    try {
      const saved = JSON.parse(localStorage.getItem(STASH_KEY) ?? '[]') as Queued[];
      localStorage.removeItem(STASH_KEY);
      if (Array.isArray(saved) && saved.length) requeue(saved);
    } catch {
      /* ignore */
    }
  }

  /**
   * Splits events into bodies of at most MAX_BODY_BYTES and 200 events, each with its batch key: the events of
   * a batch sent before go again together under its key; new ones get a new key, kept on them for a resend.
   */
  function bodies(events: Queued[]): { body: string; events: Queued[] }[] {
    const out: { body: string; events: Queued[] }[] = [];
    const wrap = (list: Queued[], key: string) => {
      const sent = list.map(({ batch: _batch, ...e }) => e);
      return JSON.stringify(token ? { csrfToken: token, batchKey: key, events: sent } : { batchKey: key, events: sent });
    };
    const resent = new Map<string, Queued[]>();
    const fresh: Queued[] = [];
    for (const e of events) {
      if (e.batch) resent.set(e.batch, [...(resent.get(e.batch) ?? []), e]);
      else fresh.push(e);
    }
    for (const [key, list] of resent) out.push({ body: wrap(list, key), events: list });
    const seal = (list: Queued[]) => {
      const key = newBatchKey();
      for (const e of list) e.batch = key;
      out.push({ body: wrap(list, key), events: list });
    };
    const empty = wrap([], newBatchKey()).length;
    let current: Queued[] = [];
    let size = empty;
    for (const e of fresh) {
      const bytes = encoder.encode(JSON.stringify(e)).length + 1;
      if (current.length && (size + bytes > MAX_BODY_BYTES || current.length >= MAX_EVENTS_PER_BODY)) {
        seal(current);
        current = [];
        size = empty;
      }
      current.push(e);
      size += bytes;
    }
    if (current.length) seal(current);
    return out;
  }

  function sendBeaconOrStash(body: string, events: Queued[]) {
    let ok = false;
    try {
      ok = beacon(ENDPOINT, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
    } catch {
      ok = false;
    }
    if (!ok) stash(events);
  }

  function send(body: string, events: Queued[], leaving: boolean, retried = false) {
    const bytes = encoder.encode(body).length;
    if (leaving && inflightBytes + bytes > MAX_BODY_BYTES) {
      // The keepalive quota is taken by requests still in flight: the beacon has its own.
      sendBeaconOrStash(body, events);
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers['X-CSRF-Token'] = token;
    inflightBytes += bytes;
    let request: Promise<Response>;
    try {
      request = doFetch(ENDPOINT, { method: 'POST', keepalive: true, credentials: 'same-origin', headers, body });
    } catch {
      inflightBytes -= bytes;
      if (leaving) sendBeaconOrStash(body, events);
      else requeue(events);
      return;
    }
    request.then(
      async (res) => {
        inflightBytes -= bytes;
        if (res.ok) return;
        let code = '';
        try {
          code = ((await res.json()) as { error?: { code?: string } })?.error?.code ?? '';
        } catch {
          /* no envelope */
        }
        if (res.status === 403 && code === 'CSRF_FAILED' && !retried) {
          // Stale token: fetch a fresh one and send once more.
          await refreshToken(true);
          const again = bodies(events);
          for (const b of again) send(b.body, b.events, false, true);
        } else if (res.status >= 500 || res.status === 429) {
          requeue(events); // the server is busy or down: try again on the next flush
        } else {
          // 4xx: this batch can never be accepted (e.g. recorded for a user who has since signed out).
          console.warn('Telemetry batch refused', res.status, code);
        }
      },
      () => {
        inflightBytes -= bytes;
        if (leaving) stash(events);
        else requeue(events);
      },
    );
  }

  function flush(leaving = false) {
    if (!queue.length) return;
    if (!userKnown && !leaving) return; // wait for the session so events carry the right user
    if (userId !== null && consent !== 'allowed') {
      if (consent === 'denied') queue = [];
      return; // a signed-in person's events wait for their consent (a closing tab then loses them)
    }
    const events = queue.map((e) => (e.userId === null ? { ...e, userId: userId ?? ANONYMOUS } : e));
    queue = [];
    for (const b of bodies(events)) send(b.body, b.events, leaving);
  }

  function endPage() {
    if (pageUrl === null || visibleSince === null) return;
    const duration = Math.max(0, Math.round(now() - visibleSince));
    visibleSince = null;
    push({ type: 'page_time', duration, url: pageUrl });
  }

  const onClick = safe((event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    push({ type: 'click', element: elementMarkup(target), url: currentUrl() });
  });

  const onScroll = safe(() => {
    if (scrolled || pageUrl === null) return;
    scrolled = true;
    push({ type: 'scroll_time', duration: Math.max(0, Math.round(now() - routeStart)), url: pageUrl });
  });

  const onVisibility = safe(() => {
    if (document.visibilityState === 'hidden') {
      endPage();
      flush(true);
    } else if (pageUrl !== null && visibleSince === null) {
      visibleSince = now();
    }
  });

  const onPageHide = safe(() => {
    endPage();
    flush(true);
  });

  const onPageShow = safe((event: PageTransitionEvent) => {
    // Back from the bfcache: the page is visible again.
    if (event.persisted && visibleSince === null) visibleSince = now();
  });

  return {
    start: safe(() => {
      if (started) return;
      started = true;
      unstash();
      document.addEventListener('click', onClick, { capture: true, passive: true });
      document.addEventListener('scroll', onScroll, { capture: true, passive: true });
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', onPageHide);
      window.addEventListener('pageshow', onPageShow);
      timer = setInterval(() => flush(false), FLUSH_INTERVAL_MS);
    }),
    setUser: safe((id: string | null) => {
      const changed = !userKnown || id !== userId;
      if (!changed) return;
      if (userKnown && userId !== null) flush(false); // what the previous user did goes out under their id
      userId = id;
      userKnown = true;
      consent = 'unknown'; // the next person's answer is theirs
      waiting = [];
      for (const e of queue) if (e.userId === null) e.userId = id ?? ANONYMOUS;
      token = undefined;
      if (id) void refreshToken();
    }),
    route: safe((url: string) => {
      const next = trimToBytes(url, MAX_URL_BYTES);
      if (next === pageUrl) return;
      const referrer = pageUrl === null ? document.referrer : `${location.origin}${pageUrl}`;
      endPage();
      pageUrl = next;
      routeStart = now();
      visibleSince = document.visibilityState === 'hidden' ? null : routeStart;
      scrolled = false;
      push(referrer ? { type: 'page_view', url: next, referrer: trimToBytes(referrer, MAX_URL_BYTES) } : { type: 'page_view', url: next });
    }),
    setConsent: safe((allowed: boolean) => {
      consent = allowed ? 'allowed' : 'denied';
      const run = waiting;
      waiting = [];
      if (allowed) for (const send of run) send();
      else queue = []; // what waited goes, anonymous events of before the sign-in too: the safe side
    }),
    whenAllowed: safe((send: () => void) => {
      if (userId === null || consent === 'allowed') send();
      else if (consent === 'unknown') waiting.push(send);
    }),
    track: safe((event: TelemetryEvent) => push(event)),
    flush: safe((leaving?: boolean) => flush(leaving)),
    leave: async () => {
      try {
        endPage();
        if (userId && !token) await refreshToken();
        flush(true);
      } catch {
        /* never in the way of signing out */
      }
    },
    pending: () => queue.length,
    stop: () => {
      started = false;
      if (timer) clearInterval(timer);
      document.removeEventListener('click', onClick, { capture: true });
      document.removeEventListener('scroll', onScroll, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    },
  };
}

/** The app's one tracker. */
export const tracker = createTracker();

/** An item view or tap (running totals on the area's admin list). */
export function trackItem(resource: string, id: string, action: 'view' | 'tap', t: Tracker = tracker): void {
  t.track({ type: 'item', resource, id, action, url: currentUrl() });
}

/** Web Vitals from the small `web-vitals` package, loaded after first paint in its own chunk. */
export function reportWebVitals(t: Tracker = tracker): void {
  import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      const report = (m: { name: string; value: number; rating?: string }) =>
        t.track({
          type: 'web_vital',
          name: m.name,
          value: Math.max(0, Math.round(m.value * 1000) / 1000),
          rating: m.rating,
          url: currentUrl(),
        });
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
    })
    .catch(() => {
      /* analytics are optional */
    });
}
