// An article (/main/articles/:id): cover, title, date, body, like, and the comments (newest last, older ones
// on demand), a composer and deleting one's own comment. Comments are plain text: React escapes them.
import { Button, NavBar, Skeleton } from 'antd-mobile';
import { DeleteOutline, FileOutline, MessageOutline } from 'antd-mobile-icons';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { profilePath } from '../../lib/profiles';
import { EmptyState } from '../../components/EmptyState';
import { UserPicture } from '../../components/Initials';
import { ApiError } from '../../lib/api';
import { isOptimisable, ColumnImage } from '../../lib/image';
import { relativeTime } from '../../lib/relativeTime';
import { notify } from '../../lib/toast';
import { currentLocale } from '../../i18n';
import { formatDate, formatNumber } from '../../lib/format';
import type { ArticleDetail, Comment, HomeFeed } from '../../lib/learning/types';
import { articleKey, COMMENT_MAX, commentProblem, commentsKey, deleteComment, flattenComments, postComment, useArticle, useComments, type CommentPage } from './api';
import { useConfirm } from '../../components/ConfirmDialog';
import { LikeButton } from './LikeButton';
import { Prose } from '../../components/Prose';
import './articles.css';
import { LoadError } from '../../components/LoadError';

/** Sticker reactions on the article or one of its comments: recognition's, handed in by the app (a lazy
 *  component, drawn inside a Suspense here; `preload` fetches its chunk as soon as the page opens). */
export type ReactionsSlot = ComponentType<{ target: { articleId: string; commentId?: string }; size?: 'sm' | 'md' }> & {
  preload?: () => Promise<unknown>;
};

function bumpCommentCount(client: ReturnType<typeof useQueryClient>, id: string, by: number) {
  client.setQueryData<ArticleDetail>(articleKey(id), (a) => (a ? { ...a, commentCount: Math.max(0, a.commentCount + by) } : a));
  client.setQueryData<HomeFeed>(['home'], (h) =>
    h ? { ...h, articles: h.articles.map((a) => (a.id === id ? { ...a, commentCount: Math.max(0, a.commentCount + by) } : a)) } : h,
  );
}

function CommentItem({ comment, articleId, Reactions }: { comment: Comment; articleId: string; Reactions: ReactionsSlot }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [now] = useState(() => Date.now());
  const [dialog, ask] = useConfirm();
  const remove = () =>
    ask({
      danger: true,
      testId: 'comment-delete-dialog',
      title: t('article.deleteTitle'),
      content: t('article.deleteBody'),
      confirmText: t('article.delete'),
      cancelText: t('article.cancel'),
      onConfirm: async () => {
        try {
          await deleteComment(articleId, comment.id);
          client.setQueryData<InfiniteData<CommentPage>>(commentsKey(articleId), (d) =>
            d ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== comment.id) })) } : d,
          );
          bumpCommentCount(client, articleId, -1);
          notify.success(t('article.deleted'));
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) {
            void client.invalidateQueries({ queryKey: commentsKey(articleId) });
          } else if (e instanceof ApiError && !e.isNetwork) notify.error(t('article.deleteError'));
        }
      },
    });
  return (
    <li className={`sf-comment ${comment.mine ? 'is-mine' : ''}`} data-testid="comment" data-comment={comment.id}>
      <Link to={profilePath(comment.author.id)} aria-label={comment.author.name} className="sf-person-link">
        <UserPicture name={comment.author.name} image={comment.author.image} size={36} />
      </Link>
      <div className="sf-comment__bubble">
        <div className="sf-comment__head">
          <Link to={profilePath(comment.author.id)} className="sf-comment__author">{comment.mine ? t('article.you') : comment.author.name}</Link>
          <time className="sf-comment__time" dateTime={comment.createdAt} title={formatDate(comment.createdAt, true)}>
            {relativeTime(comment.createdAt, now, currentLocale())}
          </time>
        </div>
        {/* Plain text, escaped by React: never html. */}
        <p className="sf-comment__body">{comment.body}</p>
        <Suspense fallback={<span className="sf-reactions-slot sf-reactions-slot--sm" />}>
          <Reactions target={{ articleId, commentId: comment.id }} size="sm" />
        </Suspense>
      </div>
      {comment.mine ? (
        <button type="button" className="sf-comment__delete" onClick={remove} aria-label={t('article.deleteComment')} data-testid="comment-delete">
          <DeleteOutline />
        </button>
      ) : null}
      {dialog}
    </li>
  );
}

function Composer({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const problem = commentProblem(body);
  const length = [...body.trim()].length;

  const send = async () => {
    if (problem || sending) return;
    setSending(true);
    setMessage(null);
    try {
      const { comment } = await postComment(articleId, body.trim());
      client.setQueryData<InfiniteData<CommentPage>>(commentsKey(articleId), (d) => {
        if (!d || !d.pages.length) return { pages: [{ items: [comment], hasMore: false }], pageParams: [''] };
        const [first, ...rest] = d.pages;
        return { ...d, pages: [{ ...first!, items: [...first!.items, comment] }, ...rest] };
      });
      bumpCommentCount(client, articleId, 1);
      setBody('');
      requestAnimationFrame(() => document.querySelector(`[data-comment="${CSS.escape(comment.id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 429 || e.code === 'RATE_LIMITED')) setMessage(t('article.slowDown'));
      else if (e instanceof ApiError && e.status === 422) setMessage(t('article.invalid'));
      else if (e instanceof ApiError && e.code === 'COMMENTS_CLOSED') setMessage(t('article.commentsClosed'));
      else if (e instanceof ApiError && !e.isNetwork) setMessage(t('article.sendError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="sf-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor="comment-body" className="sf-visually-hidden">{t('article.writeComment')}</label>
      <div className="sf-composer__row">
        <textarea
          id="comment-body"
          className="sf-composer__input"
          placeholder={t('article.placeholder')}
          value={body}
          rows={1}
          onChange={(e) => {
            setBody(e.target.value);
            if (message) setMessage(null);
          }}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter sends; Enter alone is a new line (Thai keyboards on phones have no send key here).
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send();
            }
          }}
          maxLength={COMMENT_MAX + 50}
          aria-invalid={problem === 'tooLong' || !!message}
          data-testid="comment-input"
        />
        <Button type="submit" color="primary" className="sf-composer__send" disabled={!!problem} loading={sending} data-testid="comment-send">
          {t('article.send')}
        </Button>
      </div>
      <div className="sf-composer__meta">
        {message ? (
          <span className="sf-composer__message" role="alert" data-testid="comment-error">{message}</span>
        ) : problem === 'tooLong' ? (
          <span className="sf-composer__message" role="alert">{t('article.tooLong', { max: COMMENT_MAX })}</span>
        ) : (
          <span />
        )}
        {length > COMMENT_MAX - 200 ? <span className={`sf-composer__count ${length > COMMENT_MAX ? 'is-over' : ''}`}>{length}/{COMMENT_MAX}</span> : null}
      </div>
    </form>
  );
}

function Comments({ article, Reactions }: { article: ArticleDetail; Reactions: ReactionsSlot }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = useComments(article.id, true);
  const comments = flattenComments(data?.pages);
  return (
    <section className="sf-comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="sf-comments__title">
        <MessageOutline aria-hidden="true" /> {t('article.comments')} <span className="sf-comments__count">{formatNumber(article.commentCount)}</span>
      </h2>
      {hasNextPage ? (
        <button type="button" className="sf-comments__older" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} data-testid="comments-older">
          {isFetchingNextPage ? t('article.loading') : t('article.loadOlder')}
        </button>
      ) : null}
      {isLoading ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : isError ? (
        <LoadError text={t('article.commentsError')} onRetry={() => void refetch()} retryText={t('article.retry')} />
      ) : comments.length ? (
        <ul className="sf-comments__list" aria-live="polite">
          {comments.map((c) => <CommentItem key={c.id} comment={c} articleId={article.id} Reactions={Reactions} />)}
        </ul>
      ) : (
        <p className="sf-comments__empty">{article.allowComments ? t('article.noComments') : t('article.noCommentsClosed')}</p>
      )}
      {article.allowComments ? <Composer articleId={article.id} /> : <p className="sf-comments__closed">{t('article.commentsClosed')}</p>}
    </section>
  );
}

export function ArticlePage({ Reactions }: { Reactions: ReactionsSlot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { id = '' } = useParams();
  const { data: article, isLoading, error, refetch } = useArticle(id);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/main'));

  useEffect(() => {
    void Reactions.preload?.();
  }, [Reactions]);

  useEffect(() => {
    if (article && hash === '#comments') requestAnimationFrame(() => document.getElementById('comments')?.scrollIntoView());
  }, [article, hash]);

  return (
    <div className="sf-page sf-article-page">
      <NavBar className="sf-navbar" onBack={back} back={t('article.back')} />
      {error instanceof ApiError && error.status === 404 ? (
        <EmptyState icon={<FileOutline />} title={t('article.notFoundTitle')} body={t('article.notFoundBody')} />
      ) : error ? (
        <LoadError text={t('article.loadError')} onRetry={() => void refetch()} retryText={t('article.retry')} />
      ) : isLoading || !article ? (
        <div aria-busy="true">
          <Skeleton animated className="sf-article__skeleton" />
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <>
          <article className="sf-article">
            {article.cover && isOptimisable(article.cover.url) ? (
              <ColumnImage className="sf-article__cover" media={article.cover} priority />
            ) : null}
            <div className="sf-article__main">
              <header className="sf-article__header">
                <h1 className="sf-article__title">{article.title}</h1>
                <div className="sf-article__meta">
                  <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
                  {article.tags.length ? (
                    <span className="sf-article__tags">{article.tags.slice(0, 4).map((tag) => <span key={tag} className="sf-tag">{tag}</span>)}</span>
                  ) : null}
                </div>
              </header>
              {article.summary ? <p className="sf-article__lead">{article.summary}</p> : null}
              <Prose html={article.bodyHtml} className="sf-article__body" />
              <div className="sf-article__actions">
                <LikeButton articleId={article.id} liked={article.liked} likeCount={article.likeCount} size="lg" />
                <span className="sf-article__like-hint">{article.liked ? t('article.youLiked') : t('article.likeHint')}</span>
              </div>
              <Suspense fallback={<span className="sf-reactions-slot" />}>
                <Reactions target={{ articleId: article.id }} />
              </Suspense>
            </div>
          </article>
          <Comments article={article} Reactions={Reactions} />
        </>
      )}
    </div>
  );
}
