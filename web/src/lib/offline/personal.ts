// One person's offline copies on this device: the session last seen (so the app opens offline as that person),
// the service worker's kept API answers (API_CACHE), the notices read here (READ_CACHE), the day's drill fetched ahead and the writes queued offline. All go when the person signs
// out, when the session ends, and when a different person signs in here (issue 30: never one person's answers
// for another). The session kept is what /api/auth/session answered (name, role, expiry), no token.
import { API_CACHE, DRILL_AHEAD_KEY, QUEUE_KEY, READ_CACHE, SESSION_KEY } from './keys';

interface KeptSession {
  user: { id: string };
  expires?: string;
}

function kept(): KeptSession | null {
  try {
    const s = JSON.parse(globalThis.localStorage?.getItem(SESSION_KEY) ?? 'null') as KeptSession | null;
    return s && typeof s.user?.id === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Empties this device's offline copies of the person's data (kept session, cached answers, queued writes). */
export async function forgetPerson(): Promise<void> {
  try {
    globalThis.localStorage?.removeItem(SESSION_KEY);
    globalThis.localStorage?.removeItem(QUEUE_KEY);
    globalThis.localStorage?.removeItem(DRILL_AHEAD_KEY);
  } catch {
    /* private mode */
  }
  try {
    await globalThis.caches?.delete(API_CACHE);
    await globalThis.caches?.delete(READ_CACHE);
  } catch {
    /* no Cache Storage (insecure context): nothing was kept */
  }
}

/** What the server said the session is: kept for offline use; a change of person (or none) forgets the last. */
export async function sessionSeen(session: KeptSession | null): Promise<void> {
  const last = kept();
  if (last && last.user.id !== session?.user.id) await forgetPerson();
  if (session) {
    try {
      globalThis.localStorage?.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      /* private mode: no offline start */
    }
  }
}

/** The session last seen, for opening the app when the server cannot be reached (null once expired). */
export function offlineSession<T extends KeptSession>(now = Date.now()): T | null {
  const s = kept();
  if (!s) return null;
  if (s.expires && Date.parse(s.expires) < now) return null;
  return s as T;
}
