// The notification centre's data (docs/API.md "Notifications"): the unread count shared by every bell, kept
// live by the realtime socket's {"type":"notifications","unread":N} (and refetched after each reconnect, when
// pushes may have been missed); the list pages in with `before`.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { nextPageBefore, type NoticeItem, type NoticePage } from './noticesLogic';

export const unreadKey = ['notifications', 'unread'] as const;
export const listKey = ['notifications', 'list'] as const;
const PAGE = 20;

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api<{ unread: number }>('/api/notifications/unread-count', { signal }).then((r) => r.unread),
    enabled,
    staleTime: 60_000,
  });
}

/** Follows the realtime socket while mounted: a pushed count replaces ours; a new count means a new list. */
export function useLiveUnread(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let off: (() => void) | undefined;
    let live = true;
    // The realtime client is its own chunk (app/Telemetry.tsx opens the socket); the bell only listens.
    import('./presence')
      .then(({ presence }) => {
        if (!live) return;
        off = presence.onMessage((m) => {
          if (m.type === 'notifications' && typeof m.unread === 'number') setUnread(qc, m.unread, true);
          else if (m.type === 'hello') void qc.invalidateQueries({ queryKey: ['notifications'] });
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
    };
  }, [qc, enabled]);
}

function setUnread(qc: QueryClient, unread: number, listChanged: boolean) {
  const before = qc.getQueryData<number>(unreadKey);
  qc.setQueryData(unreadKey, unread);
  if (listChanged && before !== unread) void qc.invalidateQueries({ queryKey: listKey });
}

export function useNoticeList(enabled = true) {
  return useInfiniteQuery({
    queryKey: listKey,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api<NoticePage>(`/api/notifications?limit=${PAGE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: nextPageBefore,
    enabled,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: NoticeItem) => api<{ unread: number }>(`/api/notifications/${n.id}/read`, { method: 'POST' }),
    onSuccess: (r) => {
      setUnread(qc, r.unread, false);
      void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ unread: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (r) => {
      setUnread(qc, r.unread, false);
      void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}
