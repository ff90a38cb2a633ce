import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANONYMOUS,
  BATCH_SIZE,
  createTracker,
  elementMarkup,
  FLUSH_INTERVAL_MS,
  MAX_ELEMENT_BYTES,
  recordUserActivity,
  trimToBytes,
  type Tracker,
} from './tracking';

const bytes = (s: string) => new TextEncoder().encode(s).length;

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = reject;
    reader.readAsText(blob);
  });
}

function accepted() {
  return new Response(JSON.stringify({ accepted: 1 }), { status: 202, headers: { 'Content-Type': 'application/json' } });
}

type Sent = { url: string; init: RequestInit; body: { csrfToken?: string; batchKey?: string; events: Record<string, unknown>[] } };

describe('trimToBytes / elementMarkup', () => {
  it('leaves short text alone', () => {
    expect(trimToBytes('<a>ok</a>', 1024)).toBe('<a>ok</a>');
  });

  it('cuts Thai text at a character boundary within the byte budget', () => {
    const thai = 'สวัสดีครับ'.repeat(100); // 3 bytes per character
    const out = trimToBytes(thai, 1024);
    expect(bytes(out)).toBeLessThanOrEqual(1024);
    expect(bytes(out)).toBeGreaterThan(1020);
    expect(thai.startsWith(out)).toBe(true);
    expect(out).not.toContain('\uFFFD');
  });

  it('never splits a surrogate pair (emoji, 4 bytes)', () => {
    const text = `a${'😀'.repeat(300)}`;
    const out = trimToBytes(text, 1024);
    expect(bytes(out)).toBeLessThanOrEqual(1024);
    expect(bytes(out)).toBe(1 + 4 * 255);
    expect(/[\uD800-\uDBFF]$/.test(out)).toBe(false);
  });

  it("caps the clicked element's markup at 1 KiB and blanks form values", () => {
    const div = document.createElement('div');
    div.innerHTML = `<button class="x">${'กดที่นี่ '.repeat(200)}</button>`;
    const markup = elementMarkup(div.firstElementChild!);
    expect(markup.startsWith('<button class="x">กดที่นี่')).toBe(true);
    expect(bytes(markup)).toBeLessThanOrEqual(MAX_ELEMENT_BYTES);

    const form = document.createElement('form');
    form.innerHTML = '<input type="password" value="s3cret"><textarea>private note</textarea>';
    const html = elementMarkup(form);
    expect(html).not.toContain('s3cret');
    expect(elementMarkup(form.querySelector('textarea')!)).toBe('<textarea></textarea>');
  });
});

describe('tracker', () => {
  let sent: Sent[];
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let beacon: ReturnType<typeof vi.fn<(url: string, data: BodyInit) => boolean>>;
  let t: Tracker;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    fetchMock = vi.fn<typeof fetch>(async (url, init) => {
      sent.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
      return accepted();
    });
    beacon = vi.fn(() => true);
    t = createTracker({ fetch: fetchMock, sendBeacon: beacon, csrfToken: async () => 'tok-1' });
    t.start();
  });

  afterEach(() => {
    t.stop();
    vi.useRealTimers();
  });

  const events = () => sent.flatMap((s) => s.body.events);

  it('batches and flushes on the interval with keepalive, the CSRF token and Date.now() times', async () => {
    t.setUser('u-1');
    t.setConsent(true);
    await vi.advanceTimersByTimeAsync(0); // token fetched
    t.route('/main');
    document.body.innerHTML = '<button id="b">ตกลง</button>';
    document.getElementById('b')!.click();
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init, body } = sent[0]!;
    expect(url).toBe('/api/telemetry');
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(body.csrfToken).toBe('tok-1');
    expect(body.events.map((e) => e.type)).toEqual(['page_view', 'click']);
    expect(body.events[1]).toMatchObject({ userId: 'u-1', element: '<button id="b">ตกลง</button>', url: '/' });
    expect(typeof body.events[0]!.time).toBe('number');
    expect(t.pending()).toBe(0);
  });

  it(`flushes at once when ${BATCH_SIZE} events are queued`, () => {
    t.setUser(null);
    for (let i = 0; i < BATCH_SIZE - 1; i++) t.track({ type: 'click', element: `<i>${i}</i>`, url: '/login' });
    expect(fetchMock).not.toHaveBeenCalled();
    t.track({ type: 'click', element: '<i>last</i>', url: '/login' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent[0]!.body.events).toHaveLength(BATCH_SIZE);
  });

  it('records anonymous visitors as "anonymous" without a CSRF token', async () => {
    t.setUser(null);
    t.route('/login');
    t.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(events()[0]).toMatchObject({ type: 'page_view', url: '/login', userId: ANONYMOUS });
    expect(sent[0]!.body.csrfToken).toBeUndefined();
  });

  it('holds events until the session is known, then stamps the signed-in user', async () => {
    t.route('/main');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    t.setUser('u-2');
    t.setConsent(true);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(events()[0]).toMatchObject({ type: 'page_view', userId: 'u-2' });
  });

  /** A signed-in person on /main whose consent is not known yet, with a job waiting for it. */
  const awaitingConsent = (user: string) => {
    t.setUser(user);
    t.route('/main');
    const activity = vi.fn();
    t.whenAllowed(activity);
    return activity;
  };

  it('holds a signed-in person\'s events until their consent is known, then sends them (PDPA)', async () => {
    const activity = awaitingConsent('u-3');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(activity).not.toHaveBeenCalled();
    t.setConsent(true);
    expect(activity).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(events()[0]).toMatchObject({ type: 'page_view', userId: 'u-3' });
  });

  it('drops everything of a person who declined, and keeps nothing new', async () => {
    const activity = awaitingConsent('u-4');
    t.setConsent(false);
    expect(t.pending()).toBe(0);
    t.route('/club');
    document.body.innerHTML = '<button id="b">x</button>';
    document.getElementById('b')!.click();
    t.whenAllowed(activity);
    expect(t.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
    expect(activity).not.toHaveBeenCalled();
  });

  it('sends page time and flushes when the page is hidden', async () => {
    t.setUser('u-1');
    t.setConsent(true);
    await vi.advanceTimersByTimeAsync(0);
    t.route('/learning');
    await vi.advanceTimersByTimeAsync(1200);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const pageTime = events().find((e) => e.type === 'page_time');
    expect(pageTime).toMatchObject({ url: '/learning', duration: 1200, userId: 'u-1' });
  });

  it('sends page time of the page left on a route change, and time to first scroll once per page', async () => {
    t.setUser('u-1');
    t.setConsent(true);
    t.route('/main');
    await vi.advanceTimersByTimeAsync(300);
    document.dispatchEvent(new Event('scroll'));
    document.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(700);
    t.route('/club');
    window.dispatchEvent(new Event('pagehide'));
    const list = events();
    expect(list.filter((e) => e.type === 'scroll_time')).toEqual([expect.objectContaining({ url: '/main', duration: 300 })]);
    expect(list.filter((e) => e.type === 'page_time')).toEqual([
      expect.objectContaining({ url: '/main', duration: 1000 }),
      expect.objectContaining({ url: '/club', duration: 0 }),
    ]);
    expect(list.find((e) => e.type === 'page_view' && e.url === '/club')).toMatchObject({ referrer: `${location.origin}/main` });
  });

  it('falls back to sendBeacon (text/plain, token in the body) when fetch cannot be used on pagehide', async () => {
    fetchMock.mockImplementation(() => {
      throw new TypeError('keepalive not supported');
    });
    t.setUser('u-1');
    t.setConsent(true);
    await vi.advanceTimersByTimeAsync(0);
    t.route('/main');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/telemetry');
    expect((blob as Blob).type).toContain('text/plain');
    vi.useRealTimers();
    const body = JSON.parse(await readBlob(blob as Blob));
    expect(body.csrfToken).toBe('tok-1');
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(['page_view', 'page_time']);
  });

  it('keeps each keepalive body under 60 KB', async () => {
    t.setUser(null);
    const big = 'ก'.repeat(330); // ~1 KB of markup per click
    for (let i = 0; i < 150; i++) t.track({ type: 'click', element: big, url: '/login' });
    t.flush(true);
    const sizes = fetchMock.mock.calls.map(([, init]) => bytes(String(init!.body)));
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes) expect(s).toBeLessThan(60 * 1024);
    // What no longer fits in the keepalive quota (requests still in flight) leaves by beacon.
    vi.useRealTimers();
    const beaconed = await Promise.all(beacon.mock.calls.map(([, blob]) => readBlob(blob as Blob)));
    for (const b of beaconed) expect(bytes(b)).toBeLessThan(60 * 1024);
    const all = [...events(), ...beaconed.flatMap((b) => JSON.parse(b).events)];
    expect(all).toHaveLength(150);
  });

  it('keeps events for the next flush when the server is unreachable', async () => {
    t.setUser(null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    t.track({ type: 'click', element: '<b>x</b>', url: '/login' });
    t.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(events()).toHaveLength(1);
    expect(t.pending()).toBe(0);
  });

  it('resends a batch whose answer was lost whole, with the key it was first sent with; new events get a new key', async () => {
    t.setUser(null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')); // sent, but the answer never came
    t.track({ type: 'click', element: '<b>1</b>', url: '/login' });
    t.track({ type: 'click', element: '<b>2</b>', url: '/login' });
    t.flush();
    await vi.advanceTimersByTimeAsync(0);
    const posted = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init!.body)) as Sent['body']);
    const first = posted()[0]!;
    expect(first.batchKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    t.track({ type: 'click', element: '<b>3</b>', url: '/login' });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(posted()).toHaveLength(3);
    const [again, next] = [posted()[1]!, posted()[2]!];
    expect(again.batchKey).toBe(first.batchKey);
    expect(again.events).toEqual(first.events);
    expect(again.events[0]).not.toHaveProperty('batch');
    expect(next.batchKey).not.toBe(first.batchKey);
    expect(next.events.map((e) => e.element)).toEqual(['<b>3</b>']);
  });

  it('keeps the key of a batch stashed on pagehide for the resend after a reload', async () => {
    t.setUser(null);
    fetchMock.mockImplementation(() => {
      throw new TypeError('keepalive not supported');
    });
    beacon.mockReturnValue(false); // nothing left the page: stashed
    t.track({ type: 'click', element: '<b>x</b>', url: '/login' });
    window.dispatchEvent(new Event('pagehide'));
    vi.useRealTimers();
    const lost = JSON.parse(await readBlob(beacon.mock.calls[0]![1] as Blob));
    t.stop();
    vi.useFakeTimers();
    sent = [];
    fetchMock.mockImplementation(async (url, init) => {
      sent.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
      return accepted();
    });
    t = createTracker({ fetch: fetchMock, sendBeacon: beacon, csrfToken: async () => 'tok-1' });
    t.start();
    t.setUser(null);
    t.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.batchKey).toBe(lost.batchKey);
    expect(sent[0]!.body.events).toEqual(lost.events);
  });

  it('never throws into the page', () => {
    fetchMock.mockImplementation(() => {
      throw new Error('boom');
    });
    expect(() => {
      t.setUser(null);
      t.track({ type: 'click', element: '<b/>', url: '/' });
      t.flush();
      window.dispatchEvent(new Event('pagehide'));
    }).not.toThrow();
  });
});

describe('recordUserActivity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts {userId, page, action:"view"} with the CSRF header', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (url) =>
      String(url).endsWith('/csrf')
        ? new Response(JSON.stringify({ csrfToken: 'tok' }), { status: 200 })
        : accepted(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await recordUserActivity('u-1', '/main');
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/user-activity');
    expect(JSON.parse(String(init!.body))).toEqual({ userId: 'u-1', page: '/main', action: 'view' });
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
  });

  it('logs "Failed to record user activity" and shows nothing on failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(recordUserActivity('u-1', '/main')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Failed to record user activity', expect.anything());
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    error.mockRestore();
  });
});
