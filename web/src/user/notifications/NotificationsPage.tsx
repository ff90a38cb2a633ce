// /notifications: the person's notices, newest first, unread ones marked; a tap marks it read and follows its
// deep link; "mark all read". Its own lazy chunk.
import { Button, NavBar, Skeleton } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useLiveUnread, useMarkAllRead, useMarkRead, useNoticeList, useUnreadCount } from '../../lib/notices';
import { noticeText, safeLink, type NoticeItem } from '../../lib/noticesLogic';
import { formatDate } from '../../lib/format';
import './notifications.css';
import { LoadError } from '../../components/LoadError';

function NoticeRow({ notice, onOpen }: { notice: NoticeItem; onOpen: (n: NoticeItem) => void }) {
  const { t } = useTranslation();
  const text = noticeText(notice);
  return (
    <li>
      <button
        type="button"
        className={`sf-notice${notice.read ? '' : ' is-unread'}`}
        data-testid="notice"
        data-type={notice.type}
        data-read={notice.read}
        onClick={() => onOpen(notice)}
      >
        <span className="sf-notice__dot" aria-hidden="true" />
        <span className="sf-notice__body">
          <span className="sf-notice__text">{t(text.key, text.values)}</span>
          <span className="sf-notice__time">
            {notice.read ? null : <span className="sf-visually-hidden">{t('notices.unread')} · </span>}
            {formatDate(notice.createdAt, true)}
          </span>
        </span>
      </button>
    </li>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNoticeList();
  const { data: unread } = useUnreadCount();
  useLiveUnread();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const open = (n: NoticeItem) => {
    const link = safeLink(n.link);
    // Marked read in the background; the deep link opens at once.
    if (!n.read) markRead.mutate(n);
    if (link) void navigate(link);
  };

  return (
    <div className="sf-page sf-notices-page">
      <NavBar className="sf-navbar" onBack={() => void navigate(-1)}
        right={unread ? (
          <Button size="small" fill="none" color="primary" data-testid="mark-all-read" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notices.markAllRead')}
          </Button>
        ) : null}
      >
        {t('notices.title')}
      </NavBar>
      {list.isError ? (
        <LoadError text={t('notices.loadError')} onRetry={() => void list.refetch()} retryText={t('notices.retry')} />
      ) : list.isLoading ? (
        <div className="sf-card"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : items.length ? (
        <>
          <ul className="sf-notices" aria-label={t('notices.title')}>
            {items.map((n) => <NoticeRow key={n.id} notice={n} onOpen={open} />)}
          </ul>
          {list.hasNextPage ? (
            <Button block fill="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('notices.more')}
            </Button>
          ) : null}
        </>
      ) : (
        <EmptyState icon={<BellOutline />} title={t('notices.empty')} />
      )}
    </div>
  );
}

export default NotificationsPage;
