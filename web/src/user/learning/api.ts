// Queries and writes of the staff learning API (docs/LEARNING.md "Staff API"). Query keys all start with
// 'learning' so one invalidation refreshes the tab, Home's rows and the detail pages after progress.
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, getCsrfToken } from '../../lib/api';
import type { ContentDetail, CourseDetail, EbookDetail, LearningHome, Progress, ProgressAnswer, ProgressReport, SearchResult } from '../../lib/learning/types';
import { searchApiPath, type SearchParams } from './logic';

export const learningKeys = {
  all: ['learning'] as const,
  home: ['learning', 'home'] as const,
  search: (p: SearchParams) => ['learning', 'search', p] as const,
  content: (id: string) => ['learning', 'content', id] as const,
  course: (id: string) => ['learning', 'course', id] as const,
  ebook: (id: string) => ['learning', 'ebook', id] as const,
};

const enc = encodeURIComponent;

/** The whole Learning tab in one call (`GET /api/learning`). */
export function useLearningHome() {
  return useQuery({
    queryKey: learningKeys.home,
    queryFn: ({ signal }) => api<LearningHome>('/api/learning', { signal }),
  });
}

export const SEARCH_PAGE_SIZE = 20;

/** Search / browse with infinite pages (`GET /api/learning/search`). */
export function useLearningSearch(params: SearchParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: learningKeys.search(params),
    enabled,
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) => api<SearchResult>(searchApiPath(params, pageParam, SEARCH_PAGE_SIZE), { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.items.length > 0 ? last.page + 1 : undefined),
  });
}

export function useContent(id: string) {
  return useQuery({
    queryKey: learningKeys.content(id),
    queryFn: ({ signal }) => api<{ content: ContentDetail }>(`/api/contents/${enc(id)}`, { signal }).then((r) => r.content),
    enabled: !!id,
  });
}

export function useCourse(id: string | null | undefined) {
  return useQuery({
    queryKey: learningKeys.course(id ?? ''),
    queryFn: ({ signal }) => api<{ course: CourseDetail }>(`/api/courses/${enc(id ?? '')}`, { signal }).then((r) => r.course),
    enabled: !!id,
  });
}

export function useEbook(id: string) {
  return useQuery({
    queryKey: learningKeys.ebook(id),
    queryFn: ({ signal }) => api<{ ebook: EbookDetail }>(`/api/ebooks/${enc(id)}`, { signal }).then((r) => r.ebook),
    enabled: !!id,
  });
}

export function postContentProgress(id: string, body: ProgressReport) {
  return api<ProgressAnswer>(`/api/contents/${enc(id)}/progress`, { method: 'POST', body, toastOnNetworkError: false });
}

/** The open: the server stamps it and starts the lesson's reading clock (docs/LEARNING.md). */
export function openContent(id: string) {
  return api<{ progress: Progress }>(`/api/contents/${enc(id)}/open`, { method: 'POST', body: {}, toastOnNetworkError: false });
}

export function openEbook(id: string) {
  return api<{ progress: Progress }>(`/api/ebooks/${enc(id)}/open`, { method: 'POST', body: {}, toastOnNetworkError: false });
}

export function startCourse(id: string) {
  return api<{ progress: unknown }>(`/api/courses/${enc(id)}/start`, { method: 'POST', body: {} });
}

export function postEbookProgress(id: string, page: number, pages: number) {
  return api<{ progress: Progress }>(`/api/ebooks/${enc(id)}/progress`, {
    method: 'POST',
    body: { page, pages },
    toastOnNetworkError: false,
  });
}

/**
 * A last progress write while the page goes away (tab closed, app backgrounded, route left). sendBeacon
 * can't carry the CSRF header, so this is fetch with keepalive and a token fetched beforehand.
 */
export function sendProgressOnLeave(path: string, body: unknown, csrfToken: string | null): void {
  if (!csrfToken) return;
  try {
    void fetch(path, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    /* the page is going away; nothing to tell anyone */
  }
}

/** Resolves the CSRF token early so `sendProgressOnLeave` has it synchronously later. */
export function prefetchCsrf(set: (token: string) => void): void {
  getCsrfToken().then(set, () => undefined);
}

/** After progress or a course start: every learning list and detail is stale (and Home's rows). */
export function invalidateLearning(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: learningKeys.all });
  void client.invalidateQueries({ queryKey: ['home'] });
}

export function useInvalidateLearning() {
  const client = useQueryClient();
  return () => invalidateLearning(client);
}
