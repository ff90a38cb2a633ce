/**
 * A callbackUrl from the query string is trusted only when it is a same-origin relative path:
 * it starts with exactly one "/", has no backslash (browsers treat "/\host" as "//host"),
 * no control characters, and resolves to the current origin. Anything else falls back.
 */
export function safeCallbackUrl(raw: string | null | undefined, fallback = '/main'): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const origin = 'http://shopfloor.invalid';
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The login URL that sends the user back to `path` after signing in. */
export function loginUrl(path: string, error = 'SessionRequired'): string {
  const q = new URLSearchParams({ error, callbackUrl: path });
  return `/login?${q.toString()}`;
}
