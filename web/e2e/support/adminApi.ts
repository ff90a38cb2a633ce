// The back office through its real HTTP API, for specs that need data made quickly (the screens that
// make the same data are covered by their own specs). Uses the page's cookies, so sign in first.
import type { APIRequestContext, Page } from '@playwright/test';

export class AdminApi {
  private csrf = '';
  constructor(private readonly request: APIRequestContext) {}

  static of(page: Page): AdminApi {
    return new AdminApi(page.request);
  }

  private async token(): Promise<string> {
    if (!this.csrf) {
      const res = await this.request.get('/api/auth/csrf');
      this.csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
    }
    return this.csrf;
  }

  async send<T = Record<string, unknown>>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(url, { method, data, headers: { 'X-CSRF-Token': await this.token() } });
    if (!res.ok()) throw new Error(`${method} ${url} → ${res.status()}: ${await res.text()}`);
    return (res.status() === 204 ? {} : await res.json()) as T;
  }

  async get<T = Record<string, unknown>>(url: string): Promise<T> {
    const res = await this.request.get(url);
    if (!res.ok()) throw new Error(`GET ${url} → ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Creates one item of a back-office resource and answers it. */
  async create(resource: string, body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
    return this.send<{ id: string } & Record<string, unknown>>('POST', `/api/admin/${resource}`, body);
  }

  async upload(bytes: Buffer, contentType: string, filename: string): Promise<{ id: string; url: string; durationMs?: number | null }> {
    const res = await this.request.post('/api/admin/media', {
      data: bytes,
      headers: { 'Content-Type': contentType, 'X-Filename': encodeURIComponent(filename), 'X-CSRF-Token': await this.token() },
    });
    if (!res.ok()) throw new Error(`upload → ${res.status()}: ${await res.text()}`);
    return (await res.json()) as { id: string; url: string };
  }

  async storeId(code: string): Promise<string> {
    const out = await this.get<{ items: { id: string; code: string }[] }>(`/api/admin/stores?q=${encodeURIComponent(code)}`);
    const store = out.items.find((s) => s.code === code);
    if (!store) throw new Error(`no store ${code}`);
    return store.id;
  }
}
