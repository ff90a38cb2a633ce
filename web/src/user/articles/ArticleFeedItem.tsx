// One article in Home's feed: cover, title, summary, date, like and comment count.
import { FileOutline, MessageOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOptimisable, ColumnImage } from '../../lib/image';
import { formatDate, formatNumber } from '../../lib/format';
import type { ArticleCard } from '../../lib/learning/types';
import { LikeButton } from './LikeButton';
import './articles.css';

// Memoised: Home re-renders as each of its reads arrives; an article whose data did not change is not drawn again.
export const ArticleFeedItem = memo(function ArticleFeedItem({ article, priority = false }: { article: ArticleCard; priority?: boolean }) {
  const { t } = useTranslation();
  const href = `/main/articles/${encodeURIComponent(article.id)}`;
  return (
    <article className="sf-feed-item" data-article={article.id}>
      <Link to={href} className="sf-feed-item__link" aria-label={article.title}>
        {article.cover && isOptimisable(article.cover.url) ? (
          <div className="sf-feed-item__cover">
            <ColumnImage media={article.cover} priority={priority} />
            {article.pinned ? <span className="sf-feed-item__pin">{t('feed.pinned')}</span> : null}
          </div>
        ) : (
          // No cover: a slim band keeps the feed's rhythm without a big empty picture.
          <div className="sf-feed-item__band">
            <span className="sf-feed-item__band-icon" aria-hidden="true"><FileOutline /></span>
            <span className="sf-feed-item__band-label">{t('feed.news')}</span>
            {article.pinned ? <span className="sf-feed-item__pin sf-feed-item__pin--inline">{t('feed.pinned')}</span> : null}
          </div>
        )}
        <div className="sf-feed-item__body">
          <h3 className="sf-feed-item__title">{article.title}</h3>
          {article.summary ? <p className="sf-feed-item__summary">{article.summary}</p> : null}
        </div>
      </Link>
      <footer className="sf-feed-item__footer">
        <time className="sf-feed-item__date" dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        <span className="sf-feed-item__actions">
          <LikeButton articleId={article.id} liked={article.liked} likeCount={article.likeCount} />
          <Link to={`${href}#comments`} className="sf-feed-item__comments" aria-label={t('feed.commentsLabel', { count: article.commentCount })}>
            <MessageOutline aria-hidden="true" />
            <span>{formatNumber(article.commentCount)}</span>
          </Link>
        </span>
      </footer>
    </article>
  );
});
