// What was already read in the app on this device, so the service worker does not show a push about it (issue
// 30: "pushes already read in the app are not shown"). A push carries the notice's id (`notificationId`) or the
// broadcast's (`broadcastId`: docs/API.md "Web Push"); a push held for quiet hours, or sent while the app was
// open, often arrives after the person has seen it in the bell.
//
// Kept in Cache Storage (READ_CACHE), which the page and the worker both open, as one small JSON list of keys
// ("n:<notice id>", "b:<broadcast id>"), the newest MAX_READ. The page adds to it whenever it learns that a
// notice is read: marking one read, and every notifications list it loads (so reads on another device count
// too once this one has loaded the list). Asking the server at push time would need the person's session in
// the worker and a request per push, at the moment a broadcast reaches 100,000 phones. Forgotten with the
// person's other copies (personal.ts).
import { READ_CACHE } from './keys';

/** How many read keys are kept (a push comes within hours of its notice; older keys are not needed). */
export const MAX_READ = 500;
const LIST_URL = '/__sf/read-notices';

export interface PushIds {
  notificationId?: unknown;
  broadcastId?: unknown;
}

export const noticeKey = (id: string) => `n:${id}`;
export const broadcastKey = (id: string) => `b:${id}`;

/** `list` with `keys` added at the end (the newest), each once, trimmed to the newest `max`. */
export function withRead(list: readonly string[], keys: readonly string[], max = MAX_READ): string[] {
  const added = new Set(keys);
  return [...list.filter((k) => !added.has(k)), ...added].slice(-max);
}

/** Whether a push is about something already read here (then the worker does not show it). */
export function alreadyRead(push: PushIds, read: ReadonlySet<string>): boolean {
  if (typeof push.notificationId === 'string' && read.has(noticeKey(push.notificationId))) return true;
  return typeof push.broadcastId === 'string' && read.has(broadcastKey(push.broadcastId));
}

async function load(cache: Cache): Promise<string[]> {
  const kept = await cache.match(LIST_URL);
  if (!kept) return [];
  const list: unknown = await kept.json().catch(() => []);
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** The keys read on this device (empty where there is no Cache Storage). */
export async function readKeys(): Promise<Set<string>> {
  try {
    if (!globalThis.caches || !(await caches.has(READ_CACHE))) return new Set();
    return new Set(await load(await caches.open(READ_CACHE)));
  } catch {
    return new Set();
  }
}

let writing: Promise<void> = Promise.resolve();

/** Adds keys to the read list; writes of this page go one after another (no lost update between them). */
export function rememberRead(keys: readonly string[]): Promise<void> {
  if (!keys.length || !globalThis.caches) return writing;
  writing = writing.then(async () => {
    try {
      const cache = await caches.open(READ_CACHE);
      const list = await load(cache);
      const next = withRead(list, keys);
      if (next.length === list.length && next.every((k, i) => k === list[i])) return;
      await cache.put(LIST_URL, new Response(JSON.stringify(next), { headers: { 'Content-Type': 'application/json' } }));
    } catch {
      /* no Cache Storage (insecure context, private mode): pushes are shown as before */
    }
  });
  return writing;
}
