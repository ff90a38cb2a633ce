import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from './api';
import { BROADCAST_KEY, SessionProvider, signIn, signOut, useSession } from './session';

const alice = { user: { id: 'u1', name: 'Alice', email: 'a@x', image: null, role: 'staff' }, expires: '2099-01-01T00:00:00.000Z' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
const sessionCalls = () => fetchMock.mock.calls.filter((c) => c[0] === '/api/auth/session').length;

function Probe({ required = false }: { required?: boolean }) {
  const { status, data } = useSession({ required });
  return (
    <div>
      <span data-testid="status">{status}</span>
      <span data-testid="name">{data?.user.name ?? ''}</span>
    </div>
  );
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  resetCsrfToken();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SessionProvider / useSession', () => {
  it('goes loading → authenticated', async () => {
    fetchMock.mockResolvedValue(json(200, alice));
    render(<SessionProvider><Probe /></SessionProvider>);
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('name')).toHaveTextContent('Alice');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('goes loading → unauthenticated on {}', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
  });

  it('treats an unreachable server as signed out when nothing is known yet', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
  });

  it('refetches on a cross-tab nextauth.message storage event', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {})).mockResolvedValueOnce(json(200, alice));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: '{}' }));
    });
    expect(sessionCalls()).toBe(1);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: BROADCAST_KEY,
          newValue: JSON.stringify({ event: 'session', data: { trigger: 'signin' }, timestamp: 1 }),
        }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(sessionCalls()).toBe(2);
  });

  it('refetches when the tab becomes visible, not when hidden', async () => {
    fetchMock.mockResolvedValueOnce(json(200, alice)).mockResolvedValueOnce(json(200, {}));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    act(() => setVisibility('hidden'));
    expect(sessionCalls()).toBe(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(sessionCalls()).toBe(2);
  });

  it('polls every refetchInterval seconds while signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockImplementation(async () => json(200, alice));
    render(<SessionProvider refetchInterval={5}><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(sessionCalls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(sessionCalls()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(sessionCalls()).toBe(4);
  });

  it('required: redirects an unauthenticated user to /login with SessionRequired and the current path', async () => {
    window.history.pushState({}, '', '/club?tab=points');
    fetchMock.mockResolvedValue(json(200, {}));
    const navigate = vi.fn();
    render(<SessionProvider navigate={navigate}><Probe required /></SessionProvider>);
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith('/login?error=SessionRequired&callbackUrl=%2Fclub%3Ftab%3Dpoints');
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
  });
});

describe('signIn / signOut', () => {
  it('posts the credentials form and returns {error:null, ok:true}, then refreshes the session and broadcasts', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/session') return json(200, init?.method === 'POST' ? alice : (signedIn ? alice : {}));
      if (url === '/api/auth/providers') return json(200, { credentials: { id: 'credentials', type: 'credentials', name: 'Credentials', signinUrl: '', callbackUrl: '' } });
      if (url === '/api/auth/csrf') return json(200, { csrfToken: 'c1' });
      if (url === '/api/auth/callback/credentials') {
        signedIn = true;
        return json(200, { url: 'http://localhost:3000/main' });
      }
      return json(404, {});
    });
    let signedIn = false;
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));

    let res: Awaited<ReturnType<typeof signIn>>;
    await act(async () => {
      res = await signIn('credentials', { identifier: 'S1001', password: 'pw', callbackUrl: '/main', redirect: false });
    });
    expect(res!).toEqual({ error: null, status: 200, ok: true, url: 'http://localhost:3000/main' });
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');

    const post = fetchMock.mock.calls.find((c) => c[0] === '/api/auth/callback/credentials')!;
    expect(post[1]!.method).toBe('POST');
    expect((post[1]!.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(post[1]!.body));
    expect(Object.fromEntries(form)).toEqual({ identifier: 'S1001', password: 'pw', csrfToken: 'c1', callbackUrl: '/main', json: 'true' });
    expect(setItem).toHaveBeenCalledWith(BROADCAST_KEY, expect.stringContaining('"event":"session"'));
    setItem.mockRestore();
  });

  it.each([
    [401, 'http://h/api/auth/error?error=CredentialsSignin&provider=credentials', 'CredentialsSignin'],
    [403, 'http://h/api/auth/error?error=AccountPending', 'AccountPending'],
    [429, 'http://h/api/auth/error?error=TooManyAttempts', 'TooManyAttempts'],
  ])('returns the error from the url of a %i answer', async (status, url, error) => {
    fetchMock.mockImplementation(async (input) => {
      const u = String(input);
      if (u === '/api/auth/providers') return json(200, { credentials: { id: 'credentials', type: 'credentials' } });
      if (u === '/api/auth/csrf') return json(200, { csrfToken: 'c1' });
      return json(status, { url, error: { code: 'X' } });
    });
    await expect(signIn('credentials', { identifier: 'a', password: 'b', redirect: false })).resolves.toEqual({ error, status, ok: false, url: null });
  });

  it('retries once with a fresh token on CSRF_FAILED, then reports MissingCSRF', async () => {
    let csrf = 0;
    fetchMock.mockImplementation(async (input) => {
      const u = String(input);
      if (u === '/api/auth/providers') return json(200, { credentials: { id: 'credentials', type: 'credentials' } });
      if (u === '/api/auth/csrf') return json(200, { csrfToken: `c${++csrf}` });
      return json(403, { url: 'http://h/api/auth/signin?csrf=true', error: { code: 'CSRF_FAILED' } });
    });
    await expect(signIn('credentials', { identifier: 'a', password: 'b', redirect: false })).resolves.toMatchObject({ error: 'MissingCSRF', ok: false });
    expect(csrf).toBe(2);
  });

  it('signOut posts csrfToken and callbackUrl and broadcasts', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    fetchMock.mockImplementation(async (input) => {
      const u = String(input);
      if (u === '/api/auth/csrf') return json(200, { csrfToken: 'c9' });
      if (u === '/api/auth/signout') return json(200, { url: 'http://h/login' });
      return json(200, {});
    });
    await expect(signOut({ callbackUrl: '/login', redirect: false })).resolves.toEqual({ url: 'http://h/login' });
    const post = fetchMock.mock.calls.find((c) => c[0] === '/api/auth/signout')!;
    expect(Object.fromEntries(new URLSearchParams(String(post[1]!.body)))).toEqual({ csrfToken: 'c9', callbackUrl: '/login', json: 'true' });
    expect(setItem).toHaveBeenCalledWith(BROADCAST_KEY, expect.stringContaining('signout'));
    setItem.mockRestore();
  });
});
