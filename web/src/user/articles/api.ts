// Article calls (docs/LEARNING.md, Staff API) and their query keys.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ArticleDetail, Comment } from '../../lib/learning/types';
import type { LikeValue } from './logic';

export const articleKey = (id: string) => ['article', id] as const;
export const commentsKey = (id: string) => ['article', id, 'comments'] as const;
export const COMMENTS_PAGE = 20;

export function useArticle(id: string) {
  return useQuery({
    queryKey: articleKey(id),
    queryFn: ({ signal }) => api<{ article: ArticleDetail }>(`/api/articles/${encodeURIComponent(id)}`, { signal }).then((r) => r.article),
    enabled: !!id,
  });
}

export interface CommentPage {
  items: Comment[];
  hasMore: boolean;
}

/** Pages of comments, newest page first; each page is oldest → newest; `before` = the oldest loaded id. */
export function useComments(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentsKey(id),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(COMMENTS_PAGE) });
      if (pageParam) q.set('before', pageParam);
      return api<CommentPage>(`/api/articles/${encodeURIComponent(id)}/comments?${q}`, { signal });
    },
    getNextPageParam: (last) => (last.hasMore && last.items.length ? oldestId(last.items) : undefined),
    enabled: !!id && enabled,
  });
}

/** The oldest comment of a page, whatever order the server returned it in. */
export function oldestId(items: Comment[]): string | undefined {
  let oldest: Comment | undefined;
  for (const c of items) if (!oldest || c.createdAt < oldest.createdAt || (c.createdAt === oldest.createdAt && c.id < oldest.id)) oldest = c;
  return oldest?.id;
}

/** All loaded comments, oldest first (newest last), without duplicates. */
export function flattenComments(pages: CommentPage[] | undefined): Comment[] {
  const seen = new Set<string>();
  const all: Comment[] = [];
  for (const p of pages ?? []) for (const c of p.items) if (!seen.has(c.id)) { seen.add(c.id); all.push(c); }
  return all.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
}

export function setLike(id: string, liked: boolean) {
  return api<LikeValue>(`/api/articles/${encodeURIComponent(id)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

export function postComment(id: string, body: string) {
  return api<{ comment: Comment }>(`/api/articles/${encodeURIComponent(id)}/comments`, { method: 'POST', body: { body } });
}

export function deleteComment(id: string, commentId: string) {
  return api<void>(`/api/articles/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
}

export const COMMENT_MAX = 1000;

/** A comment as the server will accept it: trimmed, 1-1000 characters (code points). */
export function commentProblem(body: string): 'empty' | 'tooLong' | null {
  const text = body.trim();
  if (!text) return 'empty';
  if ([...text].length > COMMENT_MAX) return 'tooLong';
  return null;
}
