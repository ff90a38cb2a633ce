// The messages' unread count (docs/API.md "Messages"), shared by Home's icon, the inbox and the back office's
// top-bar icon, and kept live by the realtime socket: {"type":"messages","event":"thread","unread":{…}}
// replaces the count; {"event":"broadcast"} adds one (the server sends one message to thousands, not a count
// each). Light on purpose: no import of the messages' lazy chunk.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api';
import type { RealtimeMessage } from '../presence';
import { useSocketMessages } from '../socketMessages';

export interface MessagesUnread {
  unread: number;
  broadcasts: number;
  threads: number;
}

export const messagesKey = ['messages'] as const;
export const unreadKey = ['messages', 'unread'] as const;

export function useMessagesUnread(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api<MessagesUnread>('/api/messages/unread-count', { signal, toastOnNetworkError: false }),
    enabled,
    staleTime: 60_000,
  });
}

/** What a realtime message means for the cached data; exported for the unit test. */
export function applyLive(qc: QueryClient, m: RealtimeMessage): boolean {
  if (m.type === 'hello') {
    void qc.invalidateQueries({ queryKey: messagesKey });
    return true;
  }
  if (m.type !== 'messages') return false;
  if (m.event === 'broadcast') {
    qc.setQueryData<MessagesUnread>(unreadKey, (old) => (old ? { ...old, unread: old.unread + 1, broadcasts: old.broadcasts + 1 } : old));
  } else if (m.event === 'thread' && m.unread && typeof m.unread === 'object') {
    qc.setQueryData(unreadKey, m.unread as MessagesUnread);
  }
  // Lists and open threads refetch (only the ones on screen do).
  void qc.invalidateQueries({ queryKey: messagesKey, predicate: (q) => q.queryKey[1] !== 'unread' });
  return true;
}

/** Follows the realtime socket while mounted (the socket itself is opened by app/Telemetry.tsx). */
export function useLiveMessages(enabled = true, onMessage?: (m: RealtimeMessage) => void) {
  const qc = useQueryClient();
  const listener = useCallback((m: RealtimeMessage) => {
    if (applyLive(qc, m)) onMessage?.(m);
  }, [qc, onMessage]);
  useSocketMessages(listener, enabled);
}
