// The Club tab (/club): my balance, a gift to pick when one waits, the club's areas as a grid of icons (three
// columns, Thai names under them, a count or a dot on an icon when something waits there: it scans faster than
// a list of thirteen rows), then a peek at the first rewards. Kept light: it only fetches the summary
// (GET /api/club) and the lists behind the counts (polls, contests, events: the same queries as Home's cards);
// the screens behind the tiles load in their own lazy chunks.
import { Skeleton } from 'antd-mobile';
import { CalendarOutline, CouponOutline, EditSOutline, FileOutline, GiftOutline, HistogramOutline, PictureOutline, PlayOutline, RightOutline, StarFill, StarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReceiptIcon } from '../components/icons/ReceiptIcon';
import { PageHeader } from '../components/PageHeader';
import { SeeAllLink } from '../components/SeeAllLink';
import { api } from '../lib/api';
import { useProductName } from '../lib/config';
import { Image } from '../lib/image';
import type { ClubSummary } from '../user/club/types';
import { formatNumber } from '../lib/format';
import { useUpcomingEvents } from '../user/events/HomeEvents';
import { useOpenPollsCount } from '../user/polls/HomePolls';
import { useOpenContestsCount } from '../user/campaigns/HomeCampaigns';
import './clubTab.css';
import { LoadError } from '../components/LoadError';

export const clubSummaryKey = ['club', 'summary'] as const;

export function useClubSummary() {
  return useQuery({
    queryKey: clubSummaryKey,
    queryFn: ({ signal }) => api<ClubSummary>('/api/club', { signal, toastOnNetworkError: false }),
    staleTime: 10_000,
  });
}

function BalanceCard({ summary, loading }: { summary: ClubSummary | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const balance = summary?.balance ?? 0;
  return (
    <Link to="/club/points" className="sf-club-balance" aria-label={t('club.balanceLabel', { n: formatNumber(balance) })}>
      <span className="sf-club-balance__label" aria-hidden="true">{t('club.balance')}</span>
      <span className="sf-club-balance__value" aria-hidden="true">
        <StarFill />
        {loading ? (
          <Skeleton animated className="sf-club-balance__skeleton" />
        ) : (
          <span data-testid="club-balance" data-balance={balance}>{formatNumber(balance)}</span>
        )}
        <span className="sf-club-balance__unit">{t('club.pointsUnit')}</span>
      </span>
      <span className="sf-club-balance__history" aria-hidden="true">{t('club.history')} <RightOutline /></span>
    </Link>
  );
}

/** A row with an icon, a title and a line: the gift waiting to be picked. */
function ClubEntry({ to, entry, icon, iconStyle, title, body }: { to: string; entry: string; icon: ReactNode; iconStyle?: CSSProperties; title: string; body: string }) {
  return (
    <Link to={to} className="sf-club-entry sf-club-entry--call" data-entry={entry}>
      <span className="sf-club-entry__icon" style={iconStyle} aria-hidden="true">{icon}</span>
      <span className="sf-club-entry__text">
        <span className="sf-club-entry__title">{title}</span>
        <span className="sf-club-entry__body">{body}</span>
      </span>
      <RightOutline className="sf-club-entry__chevron" aria-hidden="true" />
    </Link>
  );
}

/** The first rewards, side by side under their heading. */
function RewardPeek({ summary }: { summary: ClubSummary }) {
  const { t } = useTranslation();
  if (!summary.rewards.length) return null;
  return (
    <ul className="sf-club-peek" aria-label={t('club.entries.rewards')}>
      {summary.rewards.map((r) => (
        <li key={r.id}>
          <Link to={`/club/rewards/${encodeURIComponent(r.id)}`} className="sf-club-peek__card" data-testid="club-reward-peek">
            <span className="sf-club-peek__image">
              {r.image?.url ? <Image src={r.image.url} alt="" width={112} height={112} fit="cover" /> : <GiftOutline aria-hidden="true" />}
            </span>
            <span className="sf-club-peek__title">{r.title}</span>
            <span className="sf-club-peek__cost"><StarFill aria-hidden="true" /> {formatNumber(r.cost)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One area of the club in the grid: its icon (with a count or a dot in the corner), its name under it, and
 *  what waits there as the link's description for screen readers. `/club/<entry>` unless `to` says. */
function AreaTile({ entry, to, title, body, icon, color, background, count = 0, countTestId, dot = false }: { entry: string; to?: string; title: string; body: string; icon: ReactNode; color: string; background: string; count?: number; countTestId?: string; dot?: boolean }) {
  const descId = useId();
  return (
    <li>
      <Link to={to ?? `/club/${entry}`} className="sf-club-tile" data-entry={entry} aria-describedby={descId}>
        <span className="sf-club-tile__icon" style={{ color, background }} aria-hidden="true">
          {icon}
          {count > 0 ? <span className="sf-club-badge" data-testid={countTestId}>{formatNumber(count)}</span> : dot ? <span className="sf-club-badge sf-club-badge--dot" /> : null}
        </span>
        <span className="sf-club-tile__title">{title}</span>
        <span id={descId} className="sf-visually-hidden">{body}</span>
      </Link>
    </li>
  );
}

export function ClubPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const { data, isLoading, isError, refetch } = useClubSummary();
  const pending = data?.pendingRedemptions ?? 0;
  const openPolls = useOpenPollsCount();
  const openContests = useOpenContestsCount();
  const upcoming = useUpcomingEvents(99).length;
  const gifts = data?.gifts;
  const giftToPick = !!gifts && gifts.open > gifts.picked;
  const tile = (entry: string) => ({ entry, title: t(`club.entries.${entry}`), body: t(`club.entries.${entry}Body`) });

  return (
    // While the summary loads only the header and the balance show: the gift entry, the grid and the peek appear
    // together when it is in, instead of the grid jumping down under a late gift entry (issue 29).
    <div className={isLoading ? 'sf-page sf-club-tab sf-club-tab--loading' : 'sf-page sf-club-tab'}>
      <PageHeader title={t('club.title', { product })} subtitle={t('club.subtitle')} />
      <BalanceCard summary={data} loading={isLoading} />
      {isError ? (
        <LoadError text={t('club.summaryError')} onRetry={() => void refetch()} />
      ) : null}

      {/* A gift waiting to be picked is the one thing to do here: it stands above the grid. */}
      {giftToPick ? (
        <ClubEntry
          to="/club/gifts"
          entry="gifts-waiting"
          icon={<GiftOutline />}
          iconStyle={{ color: '#b4235a', background: '#fde8ef' }}
          title={t('club.entries.gifts')}
          body={t('club.entries.giftsOpen', { n: formatNumber(gifts.open - gifts.picked) })}
        />
      ) : null}

      <nav aria-label={t('club.areas')}>
        <ul className="sf-club-grid">
          <AreaTile {...tile('rewards')} icon={<GiftOutline />} color="var(--sf-color-brand)" background="var(--sf-color-brand-soft)" />
          <AreaTile
            {...tile('redemptions')}
            body={pending ? t('club.entries.redemptionsPending', { count: pending, n: formatNumber(pending) }) : t('club.entries.redemptionsBody')}
            icon={<ReceiptIcon />}
            color="#3b5bdb"
            background="#edf2ff"
            count={pending}
            countTestId="club-pending"
          />
          <AreaTile
            {...tile('coupons')}
            body={data ? t('club.entries.couponsCounts', { available: formatNumber(data.coupons.available), mine: formatNumber(data.coupons.mine) }) : t('club.entries.couponsBody')}
            icon={<CouponOutline />}
            color="#8a5a00"
            background="var(--sf-color-accent-soft)"
            count={data?.coupons.available ?? 0}
          />
          {gifts && gifts.open > 0 ? (
            <AreaTile
              {...tile('gifts')}
              body={giftToPick ? t('club.entries.giftsOpen', { n: formatNumber(gifts.open - gifts.picked) }) : t('club.entries.giftsPicked')}
              icon={<GiftOutline />}
              color="#b4235a"
              background="#fde8ef"
              dot={giftToPick}
            />
          ) : null}
          <AreaTile
            {...tile('polls')}
            body={openPolls ? t('club.entries.pollsOpen', { count: openPolls, n: formatNumber(openPolls) }) : t('club.entries.pollsBody')}
            icon={<UnorderedListOutline />}
            color="#0b7285"
            background="#e3fafc"
            count={openPolls}
            countTestId="club-polls-open"
          />
          <AreaTile
            {...tile('campaigns')}
            body={openContests ? t('club.entries.campaignsOpen', { count: openContests, n: formatNumber(openContests) }) : t('club.entries.campaignsBody')}
            icon={<StarOutline />}
            color="#e8590c"
            background="#fff4e6"
            count={openContests}
            countTestId="club-campaigns-open"
          />
          <AreaTile
            {...tile('events')}
            body={upcoming ? t('club.entries.eventsNext', { count: upcoming, n: formatNumber(upcoming) }) : t('club.entries.eventsBody')}
            icon={<CalendarOutline />}
            color="#c2255c"
            background="#fff0f6"
            dot={upcoming > 0}
          />
          <AreaTile {...tile('games')} icon={<PlayOutline />} color="#864cbf" background="#f3f0ff" />
          <AreaTile {...tile('leaderboard')} icon={<HistogramOutline />} color="#7048e8" background="#f3f0ff" />
          <AreaTile {...tile('surveys')} icon={<FileOutline />} color="#2b8a3e" background="#ebfbee" />
          <AreaTile {...tile('forms')} icon={<EditSOutline />} color="#5f3dc4" background="#f3f0ff" />
          <AreaTile entry="points" title={t('points.title')} body={t('points.entry')} icon={<StarOutline />} color="#8a5a00" background="var(--sf-color-accent-soft)" />
          <AreaTile entry="galleries" title={t('galleries.title')} body={t('galleries.entry')} icon={<PictureOutline />} color="var(--sf-color-brand-strong)" background="var(--sf-color-brand-soft)" />
        </ul>
      </nav>

      {data?.rewards.length ? (
        <section className="sf-club-rewards" aria-labelledby="club-rewards-title">
          <div className="sf-club-rewards__head">
            <h2 id="club-rewards-title" className="sf-club-rewards__title">{t('club.rewardsPeek')}</h2>
            <SeeAllLink to="/club/rewards" />
          </div>
          <RewardPeek summary={data} />
        </section>
      ) : null}
    </div>
  );
}
