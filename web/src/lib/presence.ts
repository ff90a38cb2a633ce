// Live presence (SPEC §4, docs/API.md "Realtime and presence"): while signed in, one WebSocket to
// /api/realtime; the server marks the user online while any of their connections lives. Browser
// offline/online events are reported; the socket reconnects with backoff (1 s → 30 s, jittered) and
// closes on sign-out. Admins can subscribe to the presence feed (names, codes, stores).
// The console messages keep the seed's Firebase wording for log compatibility.
import { useEffect, useRef, useState } from 'react';

export interface PresenceUser {
  userId: string;
  name: string;
  employeeCode: string;
  store: string | null;
  online: boolean;
  lastSeen: string | null;
}

export type PresenceMessage =
  | { type: 'presence_snapshot'; users: PresenceUser[] }
  | { type: 'presence'; userId: string; online: boolean; lastSeen: string | null };

export type ConnectionState = 'idle' | 'connecting' | 'open';

type Listener = (message: PresenceMessage) => void;
/** Any message the server sends on the socket ("hello", "notifications", ...), for features other than presence. */
export type RealtimeMessage = { type: string } & Record<string, unknown>;
export type MessageListener = (message: RealtimeMessage) => void;
type StateListener = (state: ConnectionState) => void;

export const MIN_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling from 1 s to 30 s, ±25 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** Math.min(attempt, 16));
  return Math.round(Math.min(MAX_BACKOFF_MS, base * (0.75 + random() * 0.5)));
}

export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/realtime`;
}

export interface PresenceDeps {
  WebSocket?: typeof WebSocket;
  random?: () => number;
  url?: () => string;
}

export class PresenceClient {
  private socket: WebSocket | null = null;
  private userId: string | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<Listener>();
  private messageListeners = new Set<MessageListener>();
  private stateListeners = new Set<StateListener>();
  private stateValue: ConnectionState = 'idle';
  private readonly deps: Required<PresenceDeps>;

  constructor(deps: PresenceDeps = {}) {
    this.deps = {
      WebSocket: deps.WebSocket ?? globalThis.WebSocket,
      random: deps.random ?? Math.random,
      url: deps.url ?? (() => realtimeUrl()),
    };
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** Signed in as `userId` (connects), or signed out with null (closes). */
  setUser(userId: string | null): void {
    if (userId === this.userId) return;
    this.stop();
    this.userId = userId || null;
    if (!this.userId) return;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Presence feed for editors and admins: a snapshot, then every change. Returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.sendSubscribe();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Every message on the socket (the notification count, the "hello" after each (re)connect). */
  onMessage(listener: MessageListener): () => void {
    this.messageListeners.add(listener);
    return () => {
      this.messageListeners.delete(listener);
    };
  }

  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  private setState(state: ConnectionState) {
    if (state === this.stateValue) return;
    this.stateValue = state;
    for (const l of this.stateListeners) l(state);
  }

  private connect() {
    clearTimeout(this.retry);
    this.retry = undefined;
    if (!this.userId || this.socket) return;
    let ws: WebSocket;
    let opened = false;
    try {
      ws = new this.deps.WebSocket(this.deps.url());
    } catch (err) {
      console.error('Error initializing user in Firebase', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    this.setState('connecting');
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.setState('open');
      // The browser may have gone offline while we were away: tell the server how things stand.
      if (navigator.onLine === false) this.sendStatus(false);
      if (this.listeners.size) this.sendSubscribe();
    };
    ws.onmessage = (event: MessageEvent) => {
      let message: { type?: string } | null = null;
      try {
        message = JSON.parse(String(event.data)) as { type?: string };
      } catch {
        return;
      }
      if (typeof message?.type !== 'string') return;
      for (const l of [...this.messageListeners]) {
        try {
          l(message as RealtimeMessage);
        } catch (err) {
          console.error(err);
        }
      }
      if (message.type === 'presence_snapshot' || message.type === 'presence') {
        for (const l of [...this.listeners]) {
          try {
            l(message as PresenceMessage);
          } catch (err) {
            console.error(err);
          }
        }
      }
    };
    ws.onerror = () => {
      /* the close event follows with the details */
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.socket !== ws) return; // closed on purpose (sign-out, user change)
      this.socket = null;
      if (opened) console.error('Error setting onDisconnect', { code: event.code, reason: event.reason });
      else console.error('Error initializing user in Firebase', { code: event.code, reason: event.reason });
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (!this.userId) return;
    this.setState('connecting');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.deps.random));
  }

  private send(message: object): boolean {
    const ws = this.socket;
    if (!ws || ws.readyState !== this.deps.WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  private sendStatus(online: boolean) {
    try {
      if (!this.send({ type: 'status', online })) throw new Error('realtime connection is not open');
    } catch (err) {
      console.error('Error updating network status', err);
    }
  }

  private sendSubscribe() {
    try {
      this.send({ type: 'subscribe', topic: 'presence' });
    } catch {
      /* sent again when the connection opens */
    }
  }

  private onOnline = () => {
    if (!this.userId) return;
    if (this.socket && this.socket.readyState === this.deps.WebSocket.OPEN) this.sendStatus(true);
    else {
      // Back on the network: reconnect now instead of waiting out the backoff.
      this.attempt = 0;
      if (!this.socket) this.connect();
    }
  };

  private onOffline = () => {
    if (this.userId) this.sendStatus(false);
  };

  stop(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    this.attempt = 0;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    const ws = this.socket;
    this.socket = null;
    this.userId = null;
    if (ws) {
      try {
        ws.close(1000, 'signed out');
      } catch {
        /* already closed */
      }
    }
    this.setState('idle');
  }
}

/** The app's one connection. */
export const presence = new PresenceClient();

/**
 * Subscribe a component to the presence feed (admins: the server refuses it to others); returns the
 * connection state. With `enabled` false nothing is subscribed.
 */
export function usePresenceFeed(listener: Listener, client: PresenceClient = presence, enabled = true): ConnectionState {
  const latest = useRef(listener);
  latest.current = listener;
  const [state, setState] = useState<ConnectionState>(client.state);
  useEffect(() => {
    const offState = client.onState(setState);
    setState(client.state);
    const off = enabled ? client.subscribe((m) => latest.current(m)) : () => {};
    return () => {
      off();
      offState();
    };
  }, [client, enabled]);
  return state;
}
