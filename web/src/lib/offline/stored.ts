// One JSON value kept in localStorage under a key, for the offline copies read after the first screen (the
// queue, the drill kept ahead). personal.ts, in the first screen, reads and writes its own rather than bring this
// into the staff entry.

/** The JSON value kept under `key`; null when there is none, it is unreadable or there is no storage. */
export function readStored(key: string): unknown {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null removes it). Storage full or private mode: lost, as without the copy. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* nothing kept */
  }
}
