// Recognition staff calls (docs/API.md "Recognition: badges and stickers (issue 12)", Staff) and their keys.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { BadgesAnswer, StickersAnswer } from './types';

const enc = encodeURIComponent;

/** `me` for my own answers (with progress and downloads), else another person's id. */
export const badgesKey = (who: string) => ['recognition', 'badges', who] as const;
export const stickersKey = (who: string) => ['recognition', 'stickers', who] as const;

export function useBadges(userId: string, mine: boolean) {
  const who = mine ? 'me' : userId;
  return useQuery({
    queryKey: badgesKey(who),
    queryFn: ({ signal }) => api<BadgesAnswer>(mine ? '/api/me/badges' : `/api/users/${enc(userId)}/badges`, { signal, toastOnNetworkError: false }),
    enabled: mine || !!userId,
    staleTime: 30_000,
  });
}

export function useStickers(userId: string, mine: boolean, enabled = true) {
  const who = mine ? 'me' : userId;
  return useQuery({
    queryKey: stickersKey(who),
    queryFn: ({ signal }) => api<StickersAnswer>(mine ? '/api/me/stickers' : `/api/users/${enc(userId)}/stickers`, { signal, toastOnNetworkError: false }),
    enabled: enabled && (mine || !!userId),
    staleTime: 30_000,
  });
}

/** Where a reaction goes: an article, or one of its comments. */
export interface ReactionTarget {
  articleId: string;
  commentId?: string;
}

export function reactionUrl({ articleId, commentId }: ReactionTarget): string {
  const base = `/api/articles/${enc(articleId)}`;
  return commentId ? `${base}/comments/${enc(commentId)}/reaction` : `${base}/reaction`;
}

/** PUT my reaction (null: take it back). The answer carries the new summary (see logic.reactionsOf). */
export const putReaction = (target: ReactionTarget, stickerId: string | null) => api<unknown>(reactionUrl(target), { method: 'PUT', body: { stickerId } });
