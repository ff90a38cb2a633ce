// Recognition staff calls (docs/API.md "Recognition: badges and stickers (issue 12)", Staff) and their keys.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ArticleReactions, BadgesAnswer, Certificate, Reaction, StickersAnswer } from './types';

const enc = encodeURIComponent;

/** `me` for my own answers (with progress and downloads), else another person's id. */
export const badgesKey = (who: string) => ['recognition', 'badges', who] as const;
export const stickersKey = (who: string) => ['recognition', 'stickers', who] as const;
/** An article's reactions and its comments' (one read for the whole page). */
export const reactionsKey = (articleId: string) => ['recognition', 'reactions', articleId] as const;

export function useBadges(userId: string, mine: boolean) {
  const who = mine ? 'me' : userId;
  return useQuery({
    queryKey: badgesKey(who),
    queryFn: ({ signal }) => api<BadgesAnswer>(mine ? '/api/me/badges' : `/api/users/${enc(userId)}/badges`, { signal, toastOnNetworkError: false }),
    enabled: mine || !!userId,
    staleTime: 30_000,
  });
}

export const certificatesKey = ['recognition', 'certificates', 'me'] as const;

/** My certificates, soonest expiry first (only my own: a certificate's page is what others see). */
export function useCertificates(enabled: boolean) {
  return useQuery({
    queryKey: certificatesKey,
    queryFn: ({ signal }) => api<{ items: Certificate[] }>('/api/me/certificates', { signal, toastOnNetworkError: false }),
    enabled,
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

/**
 * GET /api/articles/:id/reactions → `{article: Reaction[], comments: {commentId: Reaction[]}}` (the article
 * and comment answers carry none). Shared by the article's and every comment's chips.
 */
export function useArticleReactions(articleId: string) {
  return useQuery({
    queryKey: reactionsKey(articleId),
    queryFn: ({ signal }) => api<ArticleReactions>(`/api/articles/${enc(articleId)}/reactions`, { signal, toastOnNetworkError: false }),
    enabled: !!articleId,
    staleTime: 30_000,
  });
}

/** The reactions of one target in the page's answer (none yet: empty). */
export function reactionsFor(data: ArticleReactions | undefined, { commentId }: ReactionTarget): Reaction[] {
  if (!data) return [];
  return (commentId ? data.comments?.[commentId] : data.article) ?? [];
}

/** The page's answer with one target's reactions replaced (after my PUT). */
export function withReactions(data: ArticleReactions | undefined, { commentId }: ReactionTarget, reactions: Reaction[]): ArticleReactions {
  const base: ArticleReactions = data ?? { article: [], comments: {} };
  return commentId ? { ...base, comments: { ...base.comments, [commentId]: reactions } } : { ...base, article: reactions };
}

/** PUT my reaction (null: take it back) → `{reactions}`: the target's new summary. */
export const putReaction = (target: ReactionTarget, stickerId: string | null) =>
  api<{ reactions: Reaction[] }>(reactionUrl(target), { method: 'PUT', body: { stickerId } });
