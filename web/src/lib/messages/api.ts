// The staff side of docs/API.md "Messages": the inbox, one broadcast, threads and their replies.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { broadcastKey, rememberRead } from '../offline/readNotices';
import type { MediaSummary } from '../media';
import { unreadKey, type MessagesUnread } from './unread';

export interface InboxItem {
  kind: 'broadcast' | 'thread';
  id: string;
  title: string;
  preview: string;
  image: MediaSummary | null;
  at: string;
  unread: number;
}
export interface Broadcast {
  id: string;
  title: string;
  body: string;
  image: MediaSummary | null;
  sentAt: string;
  read: boolean;
}
export interface ThreadMessage {
  id: string;
  fromOffice: boolean;
  body: string;
  createdAt: string;
  author: string | null;
}
export interface Thread {
  id: string;
  subject: string;
  person: { id: string; name: string; employeeCode: string; store: string | null };
  createdAt: string;
  messages: ThreadMessage[];
}

export const inboxKey = ['messages', 'inbox'] as const;
export const threadKey = (id: string) => ['messages', 'thread', id] as const;

/** The inbox, newest first, 30 at a time (`next` is the keyset of the following page). */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: inboxKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<{ items: InboxItem[]; next: string | null; unread: MessagesUnread }>(`/api/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.next,
  });
}

export function useBroadcast(id: string) {
  return useQuery({
    queryKey: ['messages', 'broadcast', id],
    queryFn: ({ signal }) => api<{ broadcast: Broadcast }>(`/api/messages/broadcasts/${encodeURIComponent(id)}`, { signal }).then((r) => r.broadcast),
    retry: false,
  });
}

export function useThread(id: string) {
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => api<{ thread: Thread }>(`/api/messages/threads/${encodeURIComponent(id)}`, { signal }).then((r) => r.thread),
    retry: false,
  });
}

/** Marks a broadcast or a thread read (idempotent) and takes the count the server answers. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'broadcast' | 'thread'; id: string }) =>
      api<{ unread: MessagesUnread }>(`/api/messages/${kind === 'broadcast' ? 'broadcasts' : 'threads'}/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: (r, { kind, id }) => {
      // A broadcast read here is not shown again as a push (offline/readNotices.ts).
      if (kind === 'broadcast') void rememberRead([broadcastKey(id)]);
      qc.setQueryData(unreadKey, r.unread);
      void qc.invalidateQueries({ queryKey: inboxKey });
    },
  });
}

export function useReply(threadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<{ message: ThreadMessage }>(`/api/messages/threads/${encodeURIComponent(threadId)}/messages`, { body: { body } }),
    onSuccess: (r) => {
      qc.setQueryData<Thread>(threadKey(threadId), (old) => (old && !old.messages.some((m) => m.id === r.message.id) ? { ...old, messages: [...old.messages, r.message] } : old));
      void qc.invalidateQueries({ queryKey: ['messages'], predicate: (q) => q.queryKey[1] !== 'unread' });
    },
  });
}

export function useStartThread() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { subject: string; body: string }) => api<{ thread: Thread }>('/api/messages/threads', { body: input }).then((r) => r.thread),
    onSuccess: (t) => {
      qc.setQueryData(threadKey(t.id), t);
      void qc.invalidateQueries({ queryKey: inboxKey });
    },
  });
}

export const BODY_MAX = 2000;
export const SUBJECT_MAX = 100;
