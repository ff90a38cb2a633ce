// Points history (/club/points): balance, earned, spent, and every ledger entry, newest first.
import { NavBar, Skeleton } from 'antd-mobile';
import {
  CalendarOutline, ContentOutline, EditSOutline, FillinOutline, FlagOutline, GiftOutline, PictureOutline, SmileOutline, StarFill,
  StarOutline, UndoOutline, UnorderedListOutline, UserSetOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useProductName } from '../../lib/config';
import { formatDate, formatDelta, formatNumber, formatTime } from '../../lib/format';
import { usePointsHistory } from './api';
import { deltaTone, flattenEntries, groupByDay, sourceHref, sourceOf, type KnownSource, type PointsEntry } from './logic';
import './points.css';
import { LoadError } from '../../components/LoadError';

const icons: Record<KnownSource | 'other', ReactNode> = {
  lesson: <ContentOutline />,
  content: <ContentOutline />,
  course: <UnorderedListOutline />,
  exam: <EditSOutline />,
  game: <SmileOutline />,
  campaign: <FlagOutline />,
  story: <PictureOutline />,
  event: <CalendarOutline />,
  survey: <FillinOutline />,
  manual: <UserSetOutline />,
  redemption: <GiftOutline />,
  refund: <UndoOutline />,
  other: <StarOutline />,
};

function EntryRow({ entry }: { entry: PointsEntry }) {
  const { t } = useTranslation();
  const source = sourceOf(entry.source);
  const tone = deltaTone(entry.delta);
  const href = sourceHref(entry);
  const body = (
    <>
      <span className={`sf-points-entry__icon is-${source}`} aria-hidden="true">{icons[source]}</span>
      <span className="sf-points-entry__text">
        <span className="sf-points-entry__reason">{entry.reason || t(`points.source.${source}`)}</span>
        <span className="sf-points-entry__meta">
          {t(`points.source.${source}`)} · {formatTime(entry.createdAt)}
        </span>
      </span>
      <span className={`sf-points-entry__delta is-${tone}`} data-testid="points-delta">
        <span className="sf-visually-hidden">{tone === 'minus' ? t('points.spentLabel') : t('points.earnedLabel')} </span>
        {formatDelta(entry.delta)}
      </span>
    </>
  );
  return (
    <li data-testid="points-entry" data-source={entry.source}>
      {href ? <Link to={href} className="sf-points-entry">{body}</Link> : <div className="sf-points-entry">{body}</div>}
    </li>
  );
}

export function PointsPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = usePointsHistory();
  const first = data?.pages[0];
  const entries = flattenEntries(data?.pages);
  const groups = groupByDay(entries, (iso) => formatDate(iso));

  return (
    <div className="sf-page sf-points-page">
      <NavBar className="sf-navbar" onBack={() => navigate('/club')} back={t('nav.club', { product })} />
      <section className="sf-points-summary" aria-labelledby="points-title">
        <h1 id="points-title" className="sf-points-summary__title">{t('points.title')}</h1>
        <div className="sf-points-summary__balance">
          <StarFill aria-hidden="true" />
          {isLoading ? (
            <Skeleton animated className="sf-points-summary__skeleton" />
          ) : (
            <span data-testid="points-balance" data-balance={first?.balance ?? 0}>{formatNumber(first?.balance ?? 0)}</span>
          )}
          <span className="sf-points-summary__unit">{t('points.unit')}</span>
        </div>
        <dl className="sf-points-summary__totals">
          <div>
            <dt>{t('points.earned')}</dt>
            <dd className="is-plus" data-testid="points-earned">{formatDelta(first?.earned ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('points.spent')}</dt>
            <dd className="is-minus" data-testid="points-spent">{formatDelta(-(first?.spent ?? 0))}</dd>
          </div>
        </dl>
      </section>

      {isError ? (
        <LoadError text={t('points.loadError')} onRetry={() => void refetch()} retryText={t('points.retry')} />
      ) : isLoading ? (
        <div className="sf-card"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : entries.length ? (
        <section aria-labelledby="points-history">
          <h2 id="points-history" className="sf-points-history__title">{t('points.history')}</h2>
          {groups.map((g) => (
            <div key={g.day} className="sf-points-day">
              <h3 className="sf-points-day__date">{g.day}</h3>
              <ul className="sf-points-list">
                {g.entries.map((e) => <EntryRow key={e.id} entry={e} />)}
              </ul>
            </div>
          ))}
          {hasNextPage ? (
            <button type="button" className="sf-points-more" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} data-testid="points-more">
              {isFetchingNextPage ? t('points.loading') : t('points.loadMore')}
            </button>
          ) : (
            <p className="sf-points-end">{t('points.end')}</p>
          )}
        </section>
      ) : (
        <EmptyState
          icon={<StarOutline />}
          title={t('points.emptyTitle')}
          body={t('points.emptyBody')}
          action={<Link className="sf-link-button" to="/learning">{t('points.emptyAction')}</Link>}
        />
      )}
    </div>
  );
}
