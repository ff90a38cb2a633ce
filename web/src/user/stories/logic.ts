// Pure rules of the story screens (vitest covers them): feed query strings, the text counter, what the author
// may still do with a story, and likes applied optimistically.
import type { FeedFilter, Story } from './types';

export const MAX_TEXT = 2000;
export const MAX_PHOTOS = 6;

export const storiesKey = ['stories'] as const;
export const feedKey = (f: FeedFilter) => ['stories', 'feed', f.region ?? '', f.store ?? ''] as const;
export const storyKey = (id: string) => ['stories', 'one', id] as const;
export const mineKey = ['stories', 'mine'] as const;
export const commentsKey = (id: string) => ['stories', 'comments', id] as const;

/** The feed's query string: a store wins over its region; the cursor of the previous page. */
export function feedQuery(f: FeedFilter, cursor?: string | null, limit = 10): string {
  const q = new URLSearchParams();
  if (f.store) q.set('store', f.store);
  else if (f.region) q.set('region', f.region);
  if (cursor) q.set('cursor', cursor);
  q.set('limit', String(limit));
  return q.toString();
}

/** Characters as the server counts them (code points: a Thai vowel mark is one). */
export function textLength(s: string): number {
  return [...s.replace(/\r\n?/g, '\n').trim()].length;
}

export function canPost(text: string, photos: number): boolean {
  const n = textLength(text);
  return n > 0 && n <= MAX_TEXT && photos >= 1 && photos <= MAX_PHOTOS;
}

export const canEdit = (s: Pick<Story, 'mine' | 'status'>) => s.mine && s.status === 'pending';
export const canInteract = (s: Pick<Story, 'status'>) => s.status === 'published';

/** The story after my like or unlike, before the server answers. */
export function withLike<T extends Pick<Story, 'liked' | 'likes'>>(s: T, liked: boolean): T {
  if (s.liked === liked) return s;
  return { ...s, liked, likes: Math.max(0, s.likes + (liked ? 1 : -1)) };
}

/** The stores to pick from under a region filter (all when no region). */
export function storesOf<T extends { regionId: string | null }>(stores: T[], region?: string): T[] {
  return region ? stores.filter((s) => s.regionId === region) : stores;
}
