// Queries and writes of the story screens (docs/API.md "Success stories", Staff).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { commentsKey, feedKey, feedQuery, mineKey, storiesKey, storyKey, withLike } from './logic';
import type { FeedFilter, FeedPage, Places, Story, StoryComment } from './types';

const enc = encodeURIComponent;

const feedOptions = (filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKey(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<FeedPage>(`/api/stories?${feedQuery(filter, pageParam)}`, { signal }),
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    staleTime: 30_000,
  });

const placesOptions = queryOptions({ queryKey: ['stories', 'places'], queryFn: ({ signal }) => api<Places>('/api/stories/places', { signal }), staleTime: 300_000 });

export const useFeed = (filter: FeedFilter) => useInfiniteQuery(feedOptions(filter));

export const usePlaces = () => useQuery(placesOptions);

/** The Stories tab's first reads (the unfiltered feed's first page and the places), into the cache before the
 * app's first render when the tab is the address opened (app/App.tsx prepareFirstScreen): the server sent
 * both with the page (web/first-screen.json), so the feed draws in the first render instead of after a
 * skeleton. */
export const prefetchFeed = (client: QueryClient) =>
  Promise.all([client.prefetchInfiniteQuery(feedOptions({})), client.prefetchQuery(placesOptions)]);

export const useMine = () => useQuery({ queryKey: mineKey, queryFn: ({ signal }) => api<{ items: Story[] }>('/api/stories/mine', { signal }), staleTime: 0 });

export const useStory = (id: string) =>
  useQuery({ queryKey: storyKey(id), queryFn: ({ signal }) => api<{ story: Story }>(`/api/stories/${enc(id)}`, { signal }).then((r) => r.story), staleTime: 0, retry: false });

export const useComments = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: commentsKey(id),
    queryFn: ({ signal }) => api<{ items: StoryComment[]; hasMore: boolean }>(`/api/stories/${enc(id)}/comments?limit=100`, { signal }),
    enabled,
    staleTime: 0,
  });

/** Every cached copy of a story (feed pages, its page, my list) gets the same change. */
function usePatchCached() {
  const client = useQueryClient();
  return (id: string, patch: (s: Story) => Story) => {
    client.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ['stories', 'feed'] }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((s) => (s.id === id ? patch(s) : s)) })) } : data,
    );
    client.setQueryData<Story>(storyKey(id), (s) => (s ? patch(s) : s));
  };
}

export function useLike() {
  const patch = usePatchCached();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => api<{ liked: boolean; likes: number }>(`/api/stories/${enc(id)}/like`, { method: liked ? 'PUT' : 'DELETE' }),
    onMutate: ({ id, liked }) => patch(id, (s) => withLike(s, liked)),
    onSuccess: (r, { id }) => patch(id, (s) => ({ ...s, liked: r.liked, likes: r.likes })),
    onError: (_e, { id, liked }) => patch(id, (s) => withLike(s, !liked)),
  });
}

function useRefreshAll() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: storiesKey });
}

export interface StoryInput {
  text: string;
  photoIds: string[];
  storeId?: string;
}

export function useSaveStory(id?: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: StoryInput) =>
      api<{ story: Story }>(id ? `/api/stories/${enc(id)}` : '/api/stories', { method: id ? 'PATCH' : 'POST', body }).then((r) => r.story),
    onSettled: refresh,
  });
}

export function useDeleteStory() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: (id: string) => api(`/api/stories/${enc(id)}`, { method: 'DELETE' }), onSettled: refresh });
}

export function useReport() {
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason?: string }) => api(`/api/stories/${enc(id)}/report`, { method: 'POST', body: reason ? { reason } : {} }) });
}

export function useComment(id: string) {
  const client = useQueryClient();
  const patch = usePatchCached();
  const refresh = () => void client.invalidateQueries({ queryKey: commentsKey(id) });
  const add = useMutation({
    mutationFn: (body: string) => api<{ comment: StoryComment }>(`/api/stories/${enc(id)}/comments`, { method: 'POST', body: { body } }),
    onSuccess: () => patch(id, (s) => ({ ...s, comments: s.comments + 1 })),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => api(`/api/stories/${enc(id)}/comments/${enc(commentId)}`, { method: 'DELETE' }),
    onSuccess: () => patch(id, (s) => ({ ...s, comments: Math.max(0, s.comments - 1) })),
    onSettled: refresh,
  });
  return { add, remove };
}

/** An error in the UI language: the server's (localised) message, or a generic line. */
export const storyErrorText = (t: TFunction, error: unknown) => errorText(t, error, { generic: 'stories.error', fieldFirst: true });
