// The notification centre's data (docs/API.md "Notifications"): the unread count shared by every bell, kept
// live by the realtime socket's {"type":"notifications","unread":N} (and refetched after each reconnect, when
// pushes may have been missed); the list pages in with `before`.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api';
import { noticeKey, rememberRead } from './offline/readNotices';
import { isNews, nextPageBefore, noticeText, type NoticeItem, type NoticePage } from './noticesLogic';
import type { RealtimeMessage } from './presence';
import { useSocketMessages } from './socketMessages';
import { notify } from './toast';

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

/** The notices toasted in this page's life: each shows once, whichever push brought it. */
const announced = new Set<string>();

/** Shows the newest notice as a toast when it is news (noticesLogic isNews). */
async function announceNewest(t: TFunction) {
  const page = await api<NoticePage>('/api/notifications?limit=1');
  const n = page.items[0];
  if (!n || !isNews(n, announced, Date.now())) return;
  announced.add(n.id);
  const { key, values } = noticeText(n);
  notify.info(t(key, values), `notice-${n.id}`);
}

/**
 * Follows the realtime socket while mounted: a pushed count replaces ours; a new count means a new list, and
 * any push that does not lower it may bring a toast of the newest notice (a badge earned while the person is
 * on Home).
 */
export function useLiveUnread(enabled = true) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const listener = useCallback(
    (m: RealtimeMessage) => {
      if (m.type === 'notifications' && typeof m.unread === 'number') {
        const before = qc.getQueryData<number>(unreadKey);
        setUnread(qc, m.unread, true);
        if (m.unread > 0 && (before === undefined || m.unread >= before)) void announceNewest(t).catch(() => undefined);
      } else if (m.type === 'hello') void qc.invalidateQueries({ queryKey: ['notifications'] });
    },
    [qc, t],
  );
  useSocketMessages(listener, enabled);
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
      api<NoticePage>(`/api/notifications?limit=${PAGE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`, { signal }).then((page) => {
        // The service worker does not show a push about a notice read (here or elsewhere): offline/readNotices.ts.
        void rememberRead(page.items.filter((n) => n.read).map((n) => noticeKey(n.id)));
        return page;
      }),
    getNextPageParam: nextPageBefore,
    enabled,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: NoticeItem) => api<{ unread: number }>(`/api/notifications/${n.id}/read`, { method: 'POST' }),
    onSuccess: (r, n) => {
      void rememberRead([noticeKey(n.id)]);
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
