import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, getCsrfToken, resetCsrfToken, toApiError } from './api';
import { notify } from './toast';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('toApiError', () => {
  it('maps the error envelope to a typed ApiError', () => {
    const e = toApiError(422, {
      error: { code: 'VALIDATION_FAILED', message: 'bad email', fields: { email: 'invalid' }, requestId: 'r-1' },
    });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(422);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.message).toBe('bad email');
    expect(e.fields).toEqual({ email: 'invalid' });
    expect(e.requestId).toBe('r-1');
  });

  it('falls back to a code from the status when the body is not an envelope', () => {
    expect(toApiError(500, '<html>oops</html>', 'hdr-1')).toMatchObject({ code: 'INTERNAL', requestId: 'hdr-1', fields: {} });
    expect(toApiError(404, undefined).code).toBe('NOT_FOUND');
    expect(toApiError(429, { url: '/x' }).code).toBe('RATE_LIMITED');
  });
});

describe('api()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetCsrfToken();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('GETs JSON with same-origin credentials and no CSRF header', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { productName: 'Shopfloor' }));
    await expect(api('/api/config')).resolves.toEqual({ productName: 'Shopfloor' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/config');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('sends X-CSRF-Token on writes, fetching the token once', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { csrfToken: 'tok-1' }))
      .mockResolvedValueOnce(json(200, { user: { locale: 'en' } }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await api('/api/me', { method: 'PATCH', body: { locale: 'en' } });
    await api('/api/thing', { method: 'DELETE' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/csrf', '/api/me', '/api/thing']);
    const patch = fetchMock.mock.calls[1]![1]!;
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toBe(JSON.stringify({ locale: 'en' }));
    expect((patch.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect((patch.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((fetchMock.mock.calls[2]![1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('refreshes the token and retries once on 403 CSRF_FAILED', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { csrfToken: 'old' }))
      .mockResolvedValueOnce(json(403, { error: { code: 'CSRF_FAILED', message: 'bad csrf' } }))
      .mockResolvedValueOnce(json(200, { csrfToken: 'new' }))
      .mockResolvedValueOnce(json(200, { saved: true }));
    await expect(api('/api/me', { method: 'PATCH', body: {} })).resolves.toEqual({ saved: true });
    expect((fetchMock.mock.calls[3]![1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('new');
  });

  it('gives up after one retry', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { csrfToken: 'a' }))
      .mockResolvedValueOnce(json(403, { error: { code: 'CSRF_FAILED', message: 'x' } }))
      .mockResolvedValueOnce(json(200, { csrfToken: 'b' }))
      .mockResolvedValueOnce(json(403, { error: { code: 'CSRF_FAILED', message: 'x' } }));
    await expect(api('/api/me', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403, code: 'CSRF_FAILED' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry a 403 FORBIDDEN', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { csrfToken: 'a' }))
      .mockResolvedValueOnce(json(403, { error: { code: 'FORBIDDEN', message: 'no', requestId: 'q' } }));
    await expect(api('/api/admin/x', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'FORBIDDEN', requestId: 'q' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('throws the envelope as ApiError for GET failures', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHENTICATED', message: 'sign in' } }));
    const err = await api('/api/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'sign in' });
  });

  it('turns a network failure into NETWORK_ERROR and a translated toast', async () => {
    const spy = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/config')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(spy).toHaveBeenCalledWith('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ โปรดตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง', 'network-error');
    spy.mockRestore();
  });

  it('offline, leaves a failed read to the offline banner but still toasts a failed write', async () => {
    const spy = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/home')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(spy).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(200, { csrfToken: 't' }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/club/redemptions', { body: {} })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(spy).toHaveBeenCalledTimes(1);
    online.mockRestore();
    spy.mockRestore();
  });

  it('shares one CSRF request between concurrent callers', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { csrfToken: 'shared' }));
    const [a, b] = await Promise.all([getCsrfToken(), getCsrfToken()]);
    expect(a).toBe('shared');
    expect(b).toBe('shared');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
