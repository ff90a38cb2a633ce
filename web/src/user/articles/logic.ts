// Optimistic likes: the heart flips at once; the server's answer to the latest tap wins; a failed latest tap
// goes back to what the server last confirmed. Older answers arriving late never undo a newer tap.
import type { ArticleCard, HomeFeed } from '../../lib/learning/types';

export interface LikeValue {
  liked: boolean;
  likeCount: number;
}

export interface LikeState extends LikeValue {
  /** Number of the latest tap. */
  seq: number;
  /** The last value the server confirmed. */
  confirmed: LikeValue;
}

export type LikeAction =
  | { type: 'toggle' }
  | { type: 'success'; seq: number; server: LikeValue }
  | { type: 'failure'; seq: number }
  | { type: 'sync'; server: LikeValue };

export function initialLike(value: LikeValue): LikeState {
  return { ...value, seq: 0, confirmed: value };
}

export function likeReducer(state: LikeState, action: LikeAction): LikeState {
  switch (action.type) {
    case 'toggle': {
      const liked = !state.liked;
      return { ...state, liked, likeCount: Math.max(0, state.likeCount + (liked ? 1 : -1)), seq: state.seq + 1 };
    }
    case 'success':
      if (action.seq !== state.seq) return { ...state, confirmed: action.server };
      return { ...state, ...action.server, confirmed: action.server };
    case 'failure':
      if (action.seq !== state.seq) return state;
      return { ...state, ...state.confirmed };
    case 'sync':
      // Fresh data from a refetch: take it unless a tap is still on its way.
      if (pending(state)) return { ...state, confirmed: action.server };
      return { ...state, ...action.server, confirmed: action.server };
  }
}

/** True while the shown value differs from the server's last word. */
export function pending(state: LikeState): boolean {
  return state.liked !== state.confirmed.liked || state.likeCount !== state.confirmed.likeCount;
}

/** The same article with a new like value, in a list of cards (Home's feed); untouched when absent. */
export function patchArticles<T extends Pick<ArticleCard, 'id' | 'liked' | 'likeCount'>>(items: T[], id: string, value: LikeValue): T[] {
  let changed = false;
  const next = items.map((a) => {
    if (a.id !== id) return a;
    changed = true;
    return { ...a, ...value };
  });
  return changed ? next : items;
}

export function patchHome(home: HomeFeed | undefined, id: string, value: LikeValue): HomeFeed | undefined {
  if (!home) return home;
  const articles = patchArticles(home.articles, id, value);
  return articles === home.articles ? home : { ...home, articles };
}
