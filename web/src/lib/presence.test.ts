import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, MAX_BACKOFF_MS, PresenceClient, realtimeUrl, type PresenceMessage } from './presence';

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('InvalidStateError');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason: '' });
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

describe('presence', () => {
  let client: PresenceClient;
  let error: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
    client = new PresenceClient({
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 0.5,
      url: () => 'ws://test/api/realtime',
    });
  });

  afterEach(() => {
    client.stop();
    error.mockRestore();
    vi.useRealTimers();
  });

  it('builds ws:/wss: urls from the page location', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'a:8080' })).toBe('ws://a:8080/api/realtime');
    expect(realtimeUrl({ protocol: 'https:', host: 'shop.example' })).toBe('wss://shop.example/api/realtime');
  });

  it('backs off from 1 s to 30 s with jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(1, () => 0.5)).toBe(2000);
    expect(backoffDelay(10, () => 0.5)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(20, () => 1)).toBe(MAX_BACKOFF_MS);
  });

  it('connects only with a user id and closes on sign-out', () => {
    client.setUser(null);
    expect(FakeSocket.all).toHaveLength(0);
    client.setUser('u-1');
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    client.setUser(null);
    expect(last().closedWith).toBe(1000);
    expect(error).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reports browser offline/online as status messages', () => {
    client.setUser('u-1');
    last().open();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(last().sent).toEqual([
      { type: 'status', online: false },
      { type: 'status', online: true },
    ]);
  });

  it('logs "Error updating network status" when a status cannot be sent', () => {
    client.setUser('u-1'); // still connecting
    window.dispatchEvent(new Event('offline'));
    expect(error).toHaveBeenCalledWith('Error updating network status', expect.anything());
  });

  it('logs "Error initializing user in Firebase" when the socket fails to open, then retries', () => {
    client.setUser('u-1');
    last().drop();
    expect(error).toHaveBeenCalledWith('Error initializing user in Firebase', expect.anything());
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('logs "Error setting onDisconnect" on an unexpected close and reconnects', () => {
    client.setUser('u-1');
    last().open();
    last().drop();
    expect(error).toHaveBeenCalledWith('Error setting onDisconnect', expect.anything());
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects at once when the browser comes back online', () => {
    client.setUser('u-1');
    last().drop();
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('subscribes to the presence feed (again after a reconnect) and delivers snapshot then changes', () => {
    const got: PresenceMessage[] = [];
    client.setUser('admin');
    const off = client.subscribe((m) => got.push(m));
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', topic: 'presence' }]);
    last().receive({ type: 'hello', userId: 'admin', node: 'n1' });
    last().receive({ type: 'presence_snapshot', users: [] });
    last().receive({ type: 'presence', userId: 'u-1', online: true, lastSeen: '2026-11-22T10:00:00.000Z' });
    expect(got.map((m) => m.type)).toEqual(['presence_snapshot', 'presence']);
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', topic: 'presence' }]);
    off();
    last().receive({ type: 'presence', userId: 'u-1', online: false, lastSeen: null });
    expect(got).toHaveLength(2);
  });

  it('hands every message to onMessage listeners (the live notification count) without subscribing to presence', () => {
    const got: { type: string }[] = [];
    client.setUser('staff');
    const off = client.onMessage((m) => got.push(m));
    last().open();
    expect(last().sent).toEqual([]);
    last().receive({ type: 'hello', userId: 'staff', node: 'n1' });
    last().receive({ type: 'notifications', unread: 3 });
    last().receive({ nope: true });
    expect(got).toEqual([{ type: 'hello', userId: 'staff', node: 'n1' }, { type: 'notifications', unread: 3 }]);
    off();
    last().receive({ type: 'notifications', unread: 4 });
    expect(got).toHaveLength(2);
  });
});
