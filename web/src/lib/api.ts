// Every call to the server goes through here: JSON in and out, same-origin cookies,
// the CSRF header on writes, the error envelope as a typed ApiError, and a toast on network failure.
import i18n, { loadServerMessages } from '../i18n';
import { localizeCode, localizeFields, type ServerCode } from './serverMessages';
import { notify } from './toast';

export interface ErrorEnvelope {
  error: {
    code: string;
    message?: string;
    fields?: Record<string, string>;
    /** Which message, for the web to translate (server/src/http/messages.hpp). */
    messageCode?: ServerCode;
    fieldCodes?: Record<string, ServerCode>;
    requestId?: string;
  };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly requestId?: string;
  /** Which message each field error is (`{stickerId: {code: 'STICKER_NOT_OWNED'}}`), for callers to branch on. */
  readonly fieldCodes: Record<string, ServerCode>;
  /** Which message the error is, with its values (`{code: 'LESSON_COUNTS_IN', params: {seconds: 12}}`). */
  readonly messageCode?: ServerCode;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, requestId?: string, fieldCodes: Record<string, ServerCode> = {}, messageCode?: ServerCode) {
    super(message || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
    this.fieldCodes = fieldCodes;
    this.messageCode = messageCode;
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let csrfPromise: Promise<string> | null = null;

/** The Auth.js CSRF token, fetched once and shared; `force` fetches a fresh one. */
export function getCsrfToken(force = false): Promise<string> {
  if (force || !csrfPromise) {
    csrfPromise = rawJson<{ csrfToken?: string }>('/api/auth/csrf', { method: 'GET' }).then((body) => {
      if (!body.csrfToken) throw new ApiError(500, 'CSRF_UNAVAILABLE', 'No csrfToken in /api/auth/csrf');
      return body.csrfToken;
    });
    csrfPromise.catch(() => {
      csrfPromise = null;
    });
  }
  return csrfPromise;
}

/** Forget the cached token (tests, sign-out). */
export function resetCsrfToken(): void {
  csrfPromise = null;
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const e = (body as { error: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

/**
 * Maps a non-2xx response (and its parsed body, if any) to an ApiError. The message and the field errors
 * come out in the UI language, from their codes (`messageCode`, `fieldCodes`; lib/serverMessages.ts); a
 * code we don't know keeps the server's English. `code` is kept as is for callers to branch on.
 */
export function toApiError(status: number, body: unknown, headerRequestId?: string | null): ApiError {
  if (isEnvelope(body)) {
    const e = body.error;
    return new ApiError(
      status,
      e.code,
      e.message ? localizeCode(e.messageCode, e.message) : e.code,
      localizeFields(e.fields ?? {}, e.fieldCodes),
      e.requestId ?? headerRequestId ?? undefined,
      e.fieldCodes ?? {},
      e.messageCode,
    );
  }
  return new ApiError(status, fallbackCode(status), `HTTP ${status}`, {}, headerRequestId ?? undefined);
}

/** toApiError once the server's messages in the UI language are in (a chunk of their own, fetched after the first
 * screen: i18n loadServerMessages), so an error never reaches a screen in the server's English. */
export async function apiError(status: number, body: unknown, headerRequestId?: string | null): Promise<ApiError> {
  await loadServerMessages();
  return toApiError(status, body, headerRequestId);
}

function fallbackCode(status: number): string {
  switch (status) {
    case 400: return 'BAD_REQUEST';
    case 401: return 'UNAUTHENTICATED';
    case 403: return 'FORBIDDEN';
    case 404: return 'NOT_FOUND';
    case 409: return 'CONFLICT';
    case 413: return 'PAYLOAD_TOO_LARGE';
    case 422: return 'VALIDATION_FAILED';
    case 429: return 'RATE_LIMITED';
    case 503: return 'UNAVAILABLE';
    default: return status >= 500 ? 'INTERNAL' : 'HTTP_ERROR';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** A body sent as is (file uploads, CSV), with its `contentType`; `body` is ignored then. */
  rawBody?: Blob | ArrayBuffer | string;
  contentType?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Show the translated network-error toast when the server can't be reached (default true). */
  toastOnNetworkError?: boolean;
}

async function send(path: string, init: RequestInit, toastOnNetworkError: boolean): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch (cause) {
    if ((cause as { name?: string })?.name === 'AbortError') throw cause;
    // Offline, a read that fails is said once by the offline banner (app/pwa); a write still says it needs a
    // connection.
    const offlineRead = globalThis.navigator?.onLine === false && !WRITE_METHODS.has((init.method ?? 'GET').toUpperCase());
    if (toastOnNetworkError && !offlineRead) notify.error(i18n.t('toast.network'), 'network-error');
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error');
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function rawJson<T>(path: string, init: RequestInit, toastOnNetworkError = true): Promise<T> {
  const res = await send(path, { ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}) } }, toastOnNetworkError);
  const body = await readBody(res);
  if (!res.ok) throw await apiError(res.status, body, res.headers.get('X-Request-Id'));
  return body as T;
}

/** JSON request to our API. Throws ApiError for every failure. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const method = (options.method ?? (hasBody ? 'POST' : 'GET')).toUpperCase();
  const toastOnNetworkError = options.toastOnNetworkError ?? true;
  const isWrite = WRITE_METHODS.has(method);

  const attempt = async (csrfToken?: string) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...(options.headers ?? {}) };
    if (options.rawBody !== undefined) headers['Content-Type'] = options.contentType ?? 'application/octet-stream';
    else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
    const res = await send(
      path,
      {
        method,
        headers,
        body: options.rawBody !== undefined ? options.rawBody : options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      },
      toastOnNetworkError,
    );
    return { res, body: await readBody(res) };
  };

  let { res, body } = await attempt(isWrite ? await getCsrfToken() : undefined);
  if (isWrite && res.status === 403 && isEnvelope(body) && body.error.code === 'CSRF_FAILED') {
    // The token went stale (cookie expired or cleared): fetch a fresh one and retry once.
    ({ res, body } = await attempt(await getCsrfToken(true)));
  }
  if (!res.ok) throw await apiError(res.status, body, res.headers.get('X-Request-Id'));
  return body as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => api<T>(path, { method: 'GET', signal });

/** Saves a file the browser has in memory under `filename` (a download the person started). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A JSON write whose answer is a file (issued account codes as PDF cards or CSV: the codes exist only in
 * that answer), saved under the server's file name. Throws ApiError like api().
 */
export async function apiDownload(path: string, body: unknown): Promise<{ filename: string; headers: Headers }> {
  const post = async (csrfToken: string) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken }, body: JSON.stringify(body) }, true);
  let res = await post(await getCsrfToken());
  if (res.status === 403) {
    // A stale CSRF token changed nothing on the server: fetch a fresh one and send again once.
    const first = await readBody(res);
    if (!(isEnvelope(first) && first.error.code === 'CSRF_FAILED')) throw await apiError(res.status, first, res.headers.get('X-Request-Id'));
    res = await post(await getCsrfToken(true));
  }
  if (!res.ok) throw await apiError(res.status, await readBody(res), res.headers.get('X-Request-Id'));
  const filename = await saveAnswer(res);
  return { filename, headers: res.headers };
}

/** A file the server makes on a read (a person's data as a ZIP), saved under its file name. Throws ApiError. */
export async function apiGetDownload(path: string): Promise<string> {
  const res = await send(path, { method: 'GET' }, true);
  if (!res.ok) throw await apiError(res.status, await readBody(res), res.headers.get('X-Request-Id'));
  return saveAnswer(res);
}

async function saveAnswer(res: Response): Promise<string> {
  const filename = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download';
  saveBlob(await res.blob(), filename);
  return filename;
}
