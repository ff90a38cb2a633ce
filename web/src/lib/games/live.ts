// The live quiz's data (docs/API.md "Live quiz"), shared by the phone (user/games/live/LivePlayer.tsx) and the
// host screen (admin/games/LiveHost.tsx): a view from HTTP, then every newer one the realtime socket pushes
// ({"type":"live","session":View}); views carry `seq`, so an older one arriving late never replaces a newer.
import { useCallback, useRef, useState } from 'react';
import { api } from '../api';
import type { RealtimeMessage } from '../presence';
import { useSocketMessages } from '../socketMessages';

export interface LiveChoice { id: string; text: string }
export interface LiveQuestion {
  index: number; kind: string; prompt: string; image: { url?: string; width?: number | null; height?: number | null } | null;
  choices: LiveChoice[]; timerSeconds: number; pointsPossible: number; issuedAt: string; deadlineAt: string;
}
// PINs are 8 digits (the server refuses others); shown as two groups of four.
export const PIN_DIGITS = 8;
export const pinDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, PIN_DIGITS);
export const spacedPin = (pin: string) => `${pin.slice(0, 4)} ${pin.slice(4)}`.trim();

export interface Standing { rank: number; userId: string; name: string; score: number }
export interface LiveResult { correct: boolean; late: boolean; points: number; bonus: number; streak: number; answered: boolean }
export interface LiveView {
  id: string; title: string; status: 'lobby' | 'question' | 'reveal' | 'finished'; index: number; questionCount: number;
  playerCount: number; seq: number; serverNow: string; question: LiveQuestion | null; correctIds: string[] | null; podium: Standing[] | null;
  // A lobby closed for being idle (status 'finished', no podium).
  expired?: boolean;
  // The host's view.
  pin?: string; answered?: number; players?: { userId: string; name: string }[]; top?: Standing[] | null;
  distribution?: { id: string; text: string; count: number; correct: boolean }[] | null;
  // A player's view.
  me?: { name: string; score: number; rank: number | null; answered: boolean; result: LiveResult | null; pointsAwarded?: number };
}

const post = <T,>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });
const enc = encodeURIComponent;
export const hostLive = (quizId: string) => post<{ session: LiveView }>('/api/admin/live-quizzes', { quizId });
export const hostNext = (id: string) => post<{ session: LiveView }>(`/api/admin/live-quizzes/${enc(id)}/next`);
export const joinLive = (pin: string) => post<{ session: LiveView }>('/api/games/live/join', { pin });
export const answerLive = (id: string, index: number, optionIds: string[]) =>
  post<{ session: LiveView }>(`/api/games/live/${enc(id)}/answer`, { index, optionIds });

/** The newest of two views (by seq). */
export const newer = (a: LiveView | null, b: LiveView): LiveView => (!a || a.id !== b.id || b.seq >= a.seq ? b : a);

/** Milliseconds left of the question on the server's clock (the view's serverNow against ours on arrival). */
export function questionMsLeft(q: LiveQuestion, serverNow: string, receivedAt: number, now: number): number {
  const offset = receivedAt - Date.parse(serverNow);
  return Math.max(0, Date.parse(q.deadlineAt) + offset - now);
}

/**
 * The session's view, live: `set` takes a view from HTTP; the socket's newer ones replace it; after a
 * reconnect (hello) `refetch` reads it again (pushes may have been missed).
 */
export function useLiveView(refetchPath: (id: string) => string) {
  const [view, setView] = useState<LiveView | null>(null);
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  const idRef = useRef<string | null>(null);
  const set = useCallback((v: LiveView) => {
    idRef.current = v.id;
    setView((old) => {
      const next = newer(old, v);
      if (next !== old) setReceivedAt(Date.now());
      return next;
    });
  }, []);
  const listener = useCallback(
    (m: RealtimeMessage) => {
      const s = (m as { session?: LiveView }).session;
      if (m.type === 'live' && s && s.id === idRef.current) set(s);
      else if (m.type === 'hello' && idRef.current)
        void api<{ session: LiveView }>(refetchPath(idRef.current)).then((r) => set(r.session)).catch(() => undefined);
    },
    [set, refetchPath],
  );
  useSocketMessages(listener);
  return { view, receivedAt, set };
}
