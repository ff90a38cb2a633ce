// The server a component test talks to: `fetch` replaced, for each test of the file, by the file's own
// answers (the CSRF token is always given; what the answers do not know gets the server's 404), every request
// recorded, and English while the test runs. Plus the providers an admin screen needs to render. Tests only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../i18n';
import { resetCsrfToken } from '../lib/api';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The answer to one request, or undefined for the server's 404; `body` is the request's JSON, parsed. */
type Answer = (url: string, method: string, body: any) => Response | undefined;

/** Call at the top of a test file; the calls of the running test (the CSRF token's included) are in `calls`. */
export function fakeApi(answer: Answer): { calls: Call[]; fetchMock: ReturnType<typeof vi.fn<typeof fetch>> } {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    resetCsrfToken();
    calls.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/auth/csrf') return json({ csrfToken: 'tok' });
      return answer(url, method, body) ?? json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('th');
  });
  return { calls, fetchMock };
}

/** renderScreen as the route `path` (a pattern) opened at `url`: a screen that reads its parameters. */
export const renderAt = (url: string, path: string, el: ReactNode) => renderScreen(el, { url, path });

/** Renders a screen (staff or admin) with its providers (queries without retries, antd's App, a router at `url`);
 *  with `path`, the screen is the route of that pattern, so it reads its parameters. */
export function renderScreen(el: ReactNode, { url = '/', path }: { url?: string; path?: string } = {}) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <AntApp>
          {path ? (
            <Routes>
              <Route path={path} element={el} />
            </Routes>
          ) : (
            el
          )}
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
