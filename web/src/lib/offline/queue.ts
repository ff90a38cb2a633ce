// Work done offline that must reach the server (issue 30): a lesson's claimed end and an exam's answers not yet
// saved, sent when the connection returns. Kept in localStorage (it survives a reload or the app being closed), per person: a write is only ever
// sent under the person who made it. One write per target URL (a later claim replaces an earlier one), or per
// slot where one URL takes many writes (the drill's answers, one per question).
// Replaying is single-flight, across tabs too (Web Locks where the browser has them), and the server counts a
// lesson once whatever is sent twice (its completion flips once; the points ledger is keyed per lesson and
// person: docs/LEARNING.md), so a write whose answer was lost is safe to send again.
import { ApiError } from '../api';
import { newIdempotencyKey } from '../idempotency';
import { QUEUE_KEY } from './keys';
import { readStored, writeStored } from './stored';

export interface QueuedWrite {
  /** This write's id in the queue. */
  key: string;
  /** Who made it (the session's user id). */
  user: string;
  /** Target, one of our API paths. */
  url: string;
  /** PUT for a write that sets a state (an exam's answers); POST when absent. */
  method?: 'PUT';
  body: unknown;
  /** When it was made (ms since epoch). */
  at: number;
  /** What a later write of the person replaces: its target URL unless it names its own (a drill answer: one per
   * question, all to the same URL). */
  slot?: string;
}

export { QUEUE_KEY };
/** A write that cannot be sent for this long is dropped (a lesson claimed offline a week ago is stale). */
export const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const CHANGED = 'sf-offline-queue';

function read(): QueuedWrite[] {
  const list = readStored(QUEUE_KEY);
  return Array.isArray(list) ? (list as QueuedWrite[]).filter((w) => w && typeof w.url === 'string' && typeof w.user === 'string') : [];
}

function write(list: QueuedWrite[]): void {
  writeStored(QUEUE_KEY, list.length ? list : null);
  globalThis.dispatchEvent?.(new Event(CHANGED));
}

const slotOf = (w: QueuedWrite) => w.slot ?? w.url;

/** Queues a write for `user`; replaces the person's queued write to the same slot (by default the URL). */
export function enqueue(user: string, url: string, body: unknown, options: { at?: number; method?: 'PUT'; slot?: string } = {}): QueuedWrite {
  const { at = Date.now(), method, slot } = options;
  const entry: QueuedWrite = { key: newIdempotencyKey(), user, url, body, at, ...(method ? { method } : {}), ...(slot ? { slot } : {}) };
  write([...read().filter((w) => !(w.user === user && slotOf(w) === slotOf(entry))), entry]);
  return entry;
}

/** Drops `user`'s queued write to `slot` (a URL, or the slot it was queued under): its page sent it, or something newer, itself. */
export function dequeue(user: string, slot: string): void {
  const list = read();
  const rest = list.filter((w) => !(w.user === user && slotOf(w) === slot));
  if (rest.length !== list.length) write(rest);
}

/** The writes waiting for `user` (all people's without one). */
export function pending(user?: string): QueuedWrite[] {
  return read().filter((w) => user === undefined || w.user === user);
}

/** Forgets every queued write (sign-out, another person signing in on this device). */
export function clearQueue(): void {
  write([]);
}

/** Calls `listener` whenever the queue changes in this tab; returns the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  globalThis.addEventListener?.(CHANGED, listener);
  return () => globalThis.removeEventListener?.(CHANGED, listener);
}

/** What became of one write: sent (or refused for good: dropped either way), or to be tried again later. */
export type Outcome = 'sent' | 'dropped' | 'retry';

/** A failure worth trying again: no connection, the server busy or down, or a lesson's clock not yet run. */
export function retryable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return true;
  return e.isNetwork || e.status === 0 || e.status === 429 || e.status >= 500 || e.status === 401 || e.code === 'TOO_EARLY';
}

let running: Promise<Outcome[]> | null = null;

/**
 * Sends `user`'s queued writes in order with `send`; stops at the first that finds the connection still down.
 * A write sent, or refused for good, leaves the queue; one that must wait stays. Concurrent calls share one run.
 */
export function replay(user: string, send: (w: QueuedWrite) => Promise<unknown>, now = Date.now()): Promise<Outcome[]> {
  if (running) return running;
  const run = async (): Promise<Outcome[]> => {
    const outcomes: Outcome[] = [];
    for (const w of pending(user)) {
      let outcome: Outcome;
      let stop = false;
      if (now - w.at > MAX_AGE_MS) outcome = 'dropped';
      else {
        try {
          await send(w);
          outcome = 'sent';
        } catch (e) {
          outcome = retryable(e) ? 'retry' : 'dropped';
          // Still no connection (or the server busy): the rest waits too. A lesson whose clock has not run
          // waits alone.
          stop = outcome === 'retry' && !(e instanceof ApiError && e.code === 'TOO_EARLY');
        }
      }
      outcomes.push(outcome);
      if (stop) break;
      if (outcome !== 'retry') write(read().filter((x) => x.key !== w.key));
    }
    return outcomes;
  };
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  running = (locks ? (locks.request(CHANGED, run) as unknown as Promise<Outcome[]>) : run()).finally(() => {
    running = null;
  });
  return running;
}
