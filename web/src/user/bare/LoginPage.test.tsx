import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from '../../components/LoadingScreen';
import { resetCsrfToken } from '../../lib/api';
import { SessionProvider } from '../../lib/session';
import { LoginPage, loginErrorKey } from './LoginPage';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CREDENTIALS = { credentials: { id: 'credentials', type: 'credentials' } };

function renderLogin(url: string, session: unknown = {}, providers: unknown = CREDENTIALS) {
  fetchMock.mockImplementation(async (input) => {
    const u = String(input);
    if (u === '/api/auth/session') return json(session);
    if (u === '/api/auth/providers') return json(providers);
    if (u === '/api/config') return json({ productName: 'Retail Academy', defaultLocale: 'th', locales: ['th', 'en'] });
    return json({}, 404);
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<p data-testid="landed">landed</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetCsrfToken();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('maps known error codes and falls back to Default', () => {
    expect(loginErrorKey('CredentialsSignin')).toBe('login.errors.CredentialsSignin');
    expect(loginErrorKey('MissingCSRF')).toBe('login.errors.MissingCSRF');
    expect(loginErrorKey('OAuthCallbackError')).toBe('login.errors.OAuthCallbackError');
    expect(loginErrorKey('AccessDenied')).toBe('login.errors.AccessDenied');
    expect(loginErrorKey('Whatever')).toBe('login.errors.Default');
    expect(loginErrorKey(null)).toBeNull();
  });

  it('shows the translated SessionRequired message from the query and the product name', async () => {
    renderLogin('/login?error=SessionRequired&callbackUrl=%2Fmain');
    expect(await screen.findByRole('alert')).toHaveTextContent('โปรดเข้าสู่ระบบเพื่อใช้งานต่อ');
    expect(await screen.findByText('Retail Academy')).toBeInTheDocument();
    expect(screen.getByLabelText('รหัสพนักงานหรืออีเมล')).toBeInTheDocument();
    expect(screen.getByLabelText('รหัสผ่าน')).toBeInTheDocument();
  });

  it('shows a button per single sign-on provider, in the server\'s order, and none without providers', async () => {
    const sso = {
      ...CREDENTIALS,
      entra: { id: 'entra', name: 'Microsoft', type: 'oidc', signinUrl: '/api/auth/signin/entra', callbackUrl: '' },
      google: { id: 'google', name: 'Google', type: 'oidc', signinUrl: '/api/auth/signin/google', callbackUrl: '' },
    };
    const view = renderLogin('/login?error=OAuthCallbackError', {}, sso);
    const buttons = await screen.findAllByRole('button', { name: /^เข้าสู่ระบบด้วย/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['เข้าสู่ระบบด้วย Microsoft', 'เข้าสู่ระบบด้วย Google']);
    expect(screen.getByRole('alert')).toHaveTextContent('เข้าสู่ระบบผ่านองค์กรไม่สำเร็จ');
    view.unmount();

    renderLogin('/login');
    await screen.findByLabelText('รหัสผ่าน');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    expect(screen.queryByTestId('sso-providers')).toBeNull();
  });

  it('sends a signed-in visitor on, never off-site', async () => {
    renderLogin('/login?callbackUrl=https://evil.com', { user: { id: 'u', role: 'staff' }, expires: 'x' });
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
  });
});

describe('LoadingScreen', () => {
  it('shows the 150 px logo with the alt text "retail logo" above a spinner', () => {
    render(<LoadingScreen />);
    const img = screen.getByAltText('retail logo');
    expect(img).toHaveAttribute('width', '150');
    expect(screen.getByRole('status')).toContainElement(img);
  });
});
