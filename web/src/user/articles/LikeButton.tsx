// The heart: flips at once, sends PUT/DELETE, keeps Home's feed and the article page in step.
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import type { ArticleDetail, HomeFeed } from '../../lib/learning/types';
import { formatNumber } from '../../lib/format';
import { articleKey, setLike } from './api';
import { initialLike, likeReducer, patchHome, type LikeValue } from './logic';

export function LikeButton({ articleId, liked, likeCount, size = 'md' }: { articleId: string; liked: boolean; likeCount: number; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(likeReducer, { liked, likeCount }, initialLike);
  const seq = useRef(0);

  useEffect(() => {
    dispatch({ type: 'sync', server: { liked, likeCount } });
  }, [liked, likeCount]);

  const publish = (value: LikeValue) => {
    client.setQueryData<HomeFeed>(['home'], (home) => patchHome(home, articleId, value));
    client.setQueryData<ArticleDetail>(articleKey(articleId), (a) => (a ? { ...a, ...value } : a));
  };

  const toggle = async () => {
    const want = !state.liked;
    seq.current += 1;
    const mine = seq.current;
    dispatch({ type: 'toggle' });
    try {
      const server = await setLike(articleId, want);
      dispatch({ type: 'success', seq: mine, server });
      if (mine === seq.current) publish(server);
    } catch (e) {
      dispatch({ type: 'failure', seq: mine });
      if (e instanceof ApiError && !e.isNetwork) notify.error(t('feed.likeError'), 'like-error');
    }
  };

  return (
    <button
      type="button"
      className={`sf-like sf-like--${size} ${state.liked ? 'is-liked' : ''}`}
      aria-pressed={state.liked}
      aria-label={state.liked ? t('feed.unlike') : t('feed.like')}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void toggle();
      }}
      data-testid="like-button"
      data-liked={state.liked}
    >
      {state.liked ? <HeartFill aria-hidden="true" /> : <HeartOutline aria-hidden="true" />}
      <span className="sf-like__count" data-testid="like-count">{formatNumber(state.likeCount)}</span>
    </button>
  );
}
