// A session client that behaves like `next-auth/react` v4 against our Auth.js-compatible endpoints:
// SessionProvider, useSession({required}), signIn, signOut, getSession, and the `nextauth.message`
// cross-tab broadcast. Anyone who knows Auth.js knows this file.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getCsrfToken, resetCsrfToken } from './api';
import { loginUrl } from './callbackUrl';
import { forgetPerson, offlineSession, sessionSeen } from './offline/personal';
import { tracker } from './tracking';

export const AUTH_BASE = '/api/auth';
export const BROADCAST_KEY = 'nextauth.message';

export type Role = 'staff' | 'editor' | 'admin';

export interface SessionUser {
  id: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
  role: Role;
}

export interface Session {
  user: SessionUser;
  expires: string;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionContextValue {
  data: Session | null;
  status: SessionStatus;
  update: (data?: Record<string, unknown>) => Promise<Session | null>;
}

interface InternalContext extends SessionContextValue {
  redirect: (url: string) => void;
}

const SessionContext = createContext<InternalContext | undefined>(undefined);

type RefetchEvent = 'storage' | 'visibilitychange' | 'poll' | 'signin' | 'signout' | 'init';

/** Module-level link to the mounted provider, like next-auth's `__NEXTAUTH`, so signIn/signOut update it. */
const bus: { refetch: (event: RefetchEvent) => Promise<void>; set: (s: Session | null) => void } = {
  refetch: async () => {},
  set: () => {},
};

function isSession(body: unknown): body is Session {
  if (typeof body !== 'object' || body === null) return false;
  const user = (body as { user?: unknown }).user;
  return typeof user === 'object' && user !== null && typeof (user as { id?: unknown }).id === 'string';
}

/** GET /api/auth/session → the session, or null when signed out (`{}`). Throws on network failure. */
export async function getSession(): Promise<Session | null> {
  const res = await fetch(`${AUTH_BASE}/session`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`CLIENT_SESSION_ERROR ${res.status}`);
  const body: unknown = await res.json();
  return isSession(body) ? body : null;
}

export interface ProviderInfo {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/** GET /api/auth/providers, or null when it can't be fetched (CLIENT_FETCH_ERROR). */
export async function getProviders(): Promise<Record<string, ProviderInfo> | null> {
  try {
    const res = await fetch(`${AUTH_BASE}/providers`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) return null;
    return (await res.json()) as Record<string, ProviderInfo>;
  } catch {
    return null;
  }
}

/** Tells other tabs that the session changed (next-auth's BroadcastChannel over localStorage). */
export function broadcastSessionChange(trigger: 'signin' | 'signout' | 'update'): void {
  try {
    localStorage.setItem(
      BROADCAST_KEY,
      JSON.stringify({ event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) }),
    );
  } catch {
    /* storage unavailable: other tabs catch up on their next visibility change */
  }
}

export interface SignInOptions {
  callbackUrl?: string;
  redirect?: boolean;
  [credential: string]: unknown;
}

export interface SignInResponse {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

function errorFromUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.searchParams.get('csrf') === 'true') return 'MissingCSRF';
    return parsed.searchParams.get('error');
  } catch {
    return null;
  }
}

function formBody(fields: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params;
}

async function postForm(path: string, fields: Record<string, unknown>) {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: formBody(fields),
  });
  let data: { url?: string; error?: { code?: string } } = {};
  try {
    data = (await res.json()) as typeof data;
  } catch {
    /* non-JSON answer: handled by the caller through res.ok */
  }
  return { res, data };
}

/**
 * signIn('credentials', {identifier, password, callbackUrl, redirect:false}) →
 * {error, status, ok, url}, as next-auth v4 does. A stale CSRF token is refreshed and retried once.
 */
export async function signIn(
  provider: string | undefined,
  options: SignInOptions = {},
): Promise<SignInResponse | undefined> {
  const { callbackUrl = window.location.href, redirect = true, ...credentials } = options;
  const providers = await getProviders();
  if (!providers) {
    window.location.href = `${AUTH_BASE}/error?error=CLIENT_FETCH_ERROR`;
    return undefined;
  }
  const info = provider ? providers[provider] : undefined;
  if (!provider || !info) {
    window.location.href = `${AUTH_BASE}/signin?${new URLSearchParams({ callbackUrl })}`;
    return undefined;
  }
  const path =
    info.type === 'credentials' ? `${AUTH_BASE}/callback/${provider}` : `${AUTH_BASE}/signin/${provider}`;
  const post = async (force: boolean) =>
    postForm(path, { ...credentials, csrfToken: await getCsrfToken(force), callbackUrl, json: true });

  let { res, data } = await post(false);
  if (res.status === 403 && data.error?.code === 'CSRF_FAILED') ({ res, data } = await post(true));

  if (redirect) {
    const url = data.url ?? callbackUrl;
    window.location.href = url;
    return undefined;
  }
  const error = res.ok ? null : (errorFromUrl(data.url) ?? 'Default');
  if (res.ok) {
    // The server renews the CSRF cookie at sign-in: the cached token is stale now.
    resetCsrfToken();
    broadcastSessionChange('signin');
    await bus.refetch('signin');
  }
  return { error, status: res.status, ok: res.ok, url: error ? null : (data.url ?? null) };
}

export interface SignOutOptions {
  callbackUrl?: string;
  redirect?: boolean;
}

/** POST /api/auth/signout, tell other tabs, then (by default) navigate to the answered url. */
export async function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  const { callbackUrl = window.location.href, redirect = true } = options;
  // What this user did goes out under their id while the session still exists.
  await tracker.leave();
  const post = async (force: boolean) =>
    postForm(`${AUTH_BASE}/signout`, { csrfToken: await getCsrfToken(force), callbackUrl, json: true });
  let { res, data } = await post(false);
  if (res.status === 403 && data.error?.code === 'CSRF_FAILED') ({ res, data } = await post(true));
  if (!res.ok) throw new Error(`signout failed: ${res.status}`);
  broadcastSessionChange('signout');
  resetCsrfToken();
  // Nothing of this person stays on the device: kept answers, queued writes, the offline session.
  await forgetPerson();
  const url = data.url ?? callbackUrl;
  if (redirect) {
    window.location.href = url;
    return undefined;
  }
  bus.set(null);
  return { url };
}

export interface SessionProviderProps {
  children: ReactNode;
  /** A session already known (tests, server hand-off); skips the first fetch. */
  session?: Session | null;
  /** Poll the session every N seconds while signed in (0 = off). */
  refetchInterval?: number;
  /** Refetch when the tab becomes visible again (default true). */
  refetchOnWindowFocus?: boolean;
  /** How to go to the sign-in page for `useSession({required:true})`; defaults to a full navigation. */
  navigate?: (url: string) => void;
}

export function SessionProvider({
  children,
  session: initial,
  refetchInterval = 0,
  refetchOnWindowFocus = true,
  navigate,
}: SessionProviderProps) {
  const [session, setSession] = useState<Session | null | undefined>(initial);
  const [loading, setLoading] = useState(initial === undefined);
  const seq = useRef(0);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const refetch = useCallback(async (_event: RefetchEvent) => {
    const mine = ++seq.current;
    try {
      const next = await getSession();
      if (mine === seq.current) setSession(next);
      void sessionSeen(next);
    } catch {
      // Unreachable server: keep what we had; with nothing known yet, the session last seen on this device (the
      // app opens offline as that person: lib/offline/personal.ts), else signed out.
      if (mine === seq.current && sessionRef.current === undefined) setSession(offlineSession<Session>());
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    bus.refetch = refetch;
    bus.set = (s) => {
      seq.current++;
      setSession(s);
      setLoading(false);
    };
    if (initial === undefined) void refetch('init');
    else void sessionSeen(initial); // as refetch does with what it fetched
    return () => {
      bus.refetch = async () => {};
      bus.set = () => {};
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refetch]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== BROADCAST_KEY || !event.newValue) return;
      try {
        const message = JSON.parse(event.newValue) as { event?: string; data?: unknown };
        if (message?.event !== 'session' || !message.data) return;
      } catch {
        return;
      }
      void refetch('storage');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refetch]);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch('visibilitychange');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refetch, refetchOnWindowFocus]);

  useEffect(() => {
    if (!refetchInterval || refetchInterval <= 0) return;
    const timer = window.setInterval(() => {
      if (sessionRef.current && navigator.onLine !== false) void refetch('poll');
    }, refetchInterval * 1000);
    return () => window.clearInterval(timer);
  }, [refetch, refetchInterval]);

  const update = useCallback(async (data?: Record<string, unknown>) => {
    const res = await fetch(`${AUTH_BASE}/session`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ csrfToken: await getCsrfToken(), data }),
    });
    if (!res.ok) return sessionRef.current ?? null;
    const body: unknown = await res.json();
    const next = isSession(body) ? body : null;
    seq.current++;
    setSession(next);
    void sessionSeen(next);
    setLoading(false);
    broadcastSessionChange('update');
    return next;
  }, []);

  const redirect = useCallback(
    (url: string) => (navigate ? navigate(url) : window.location.assign(url)),
    [navigate],
  );

  const value = useMemo<InternalContext>(
    () => ({
      data: session ?? null,
      status: loading ? 'loading' : session ? 'authenticated' : 'unauthenticated',
      update,
      redirect,
    }),
    [session, loading, update, redirect],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export interface UseSessionOptions {
  required?: boolean;
  onUnauthenticated?: () => void;
}

export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be wrapped in a <SessionProvider />');
  const { required = false, onUnauthenticated } = options;
  const mustSignIn = required && ctx.status === 'unauthenticated';

  useEffect(() => {
    if (!mustSignIn) return;
    if (onUnauthenticated) onUnauthenticated();
    else ctx.redirect(loginUrl(`${window.location.pathname}${window.location.search}`));
  }, [mustSignIn, onUnauthenticated, ctx]);

  if (mustSignIn) return { data: ctx.data, status: 'loading', update: ctx.update };
  return { data: ctx.data, status: ctx.status, update: ctx.update };
}
