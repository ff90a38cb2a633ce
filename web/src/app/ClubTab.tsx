// The Club tab (/club): my balance and the club's entries (rewards with a peek at the first ones, my
// redemptions, coupons, gifts while a period is open, the leaderboard, polls, points history, galleries). Kept light: it only
// fetches the summary (GET /api/club) and the polls list for its badge (GET /api/polls, shared with Home's card); the screens behind the entries load as one lazy chunk (user/club/).
import { Skeleton } from 'antd-mobile';
import { CalendarOutline, CouponOutline, EditSOutline, FileOutline, GiftOutline, HistogramOutline, PictureOutline, PlayOutline, ReceiptOutline, RightOutline, StarFill, StarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { api } from '../lib/api';
import { useProductName } from '../lib/config';
import { Image } from '../lib/image';
import type { ClubSummary } from '../user/club/types';
import { formatNumber } from '../lib/format';
import { useUpcomingEvents } from '../user/events/HomeEvents';
import { useOpenPollsCount } from '../user/polls/HomePolls';
import { useOpenContestsCount } from '../user/campaigns/HomeCampaigns';
import { ClubEntry, PointsClubEntry } from '../user/points/PointsClubEntry';
import './clubTab.css';

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

/** The first rewards, side by side under the Rewards entry. */
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

type EntryProps = Parameters<typeof ClubEntry>[0];

/** A Club entry with a count badge in its corner (none at 0), or a dot when only "something new" matters. */
function BadgedEntry({ count = 0, countTestId, dot = false, ...entry }: EntryProps & { count?: number; countTestId?: string; dot?: boolean }) {
  return (
    <div className="sf-club-entry-wrap">
      <ClubEntry {...entry} />
      {count > 0 ? <span className="sf-club-badge" data-testid={countTestId}>{formatNumber(count)}</span> : null}
      {dot ? <span className="sf-club-badge sf-club-badge--dot" aria-hidden="true" /> : null}
    </div>
  );
}

/** The entry of a club area: `/club/<entry>`, titled `club.entries.<entry>`, its line `club.entries.<entry>Body`
 *  unless `body` says more; with `count`, the count badge in its corner. */
function AreaEntry({ entry, icon, color, background, body, count, countTestId }: { entry: string; icon: ReactNode; color: string; background: string; body?: string | false; count?: number; countTestId?: string }) {
  const { t } = useTranslation();
  const props = { to: `/club/${entry}`, entry, icon, iconStyle: { color, background }, title: t(`club.entries.${entry}`), body: body || t(`club.entries.${entry}Body`) };
  return count === undefined ? <ClubEntry {...props} /> : <BadgedEntry {...props} count={count} countTestId={countTestId} />;
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
  // Gifts come first while there is one to pick, after the coupons once picked.
  const giftsEntry = gifts ? (
    <BadgedEntry
      to="/club/gifts"
      entry="gifts"
      icon={<GiftOutline />}
      iconStyle={{ color: '#b4235a', background: '#fde8ef' }}
      title={t('club.entries.gifts')}
      body={gifts.picked >= gifts.open ? t('club.entries.giftsPicked') : t('club.entries.giftsOpen', { n: formatNumber(gifts.open - gifts.picked) })}
      dot={gifts.picked < gifts.open}
    />
  ) : null;

  return (
    <div className="sf-page sf-club-tab">
      <PageHeader title={t('club.title', { product })} subtitle={t('club.subtitle')} />
      <BalanceCard summary={data} loading={isLoading} />
      {isError ? (
        <div className="sf-card sf-card--error" role="alert">
          {t('club.summaryError')}
          <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('common.retry')}</button>
        </div>
      ) : null}

      {gifts && gifts.open > gifts.picked ? giftsEntry : null}

      <section className="sf-club-rewards">
        <ClubEntry to="/club/rewards" entry="rewards" icon={<GiftOutline />} title={t('club.entries.rewards')} body={t('club.entries.rewardsBody')} />
        {data ? <RewardPeek summary={data} /> : null}
      </section>

      <AreaEntry
        entry="redemptions"
        icon={<ReceiptOutline />}
        color="#3b5bdb"
        background="#edf2ff"
        body={!!pending && t('club.entries.redemptionsPending', { count: pending, n: formatNumber(pending) })}
        count={pending}
        countTestId="club-pending"
      />

      <AreaEntry
        entry="coupons"
        icon={<CouponOutline />}
        color="#8a5a00"
        background="var(--sf-color-accent-soft)"
        body={!!data && t('club.entries.couponsCounts', { available: formatNumber(data.coupons.available), mine: formatNumber(data.coupons.mine) })}
        count={data?.coupons.available ?? 0}
      />

      {gifts && gifts.open > 0 && gifts.open <= gifts.picked ? giftsEntry : null}
      <AreaEntry entry="leaderboard" icon={<HistogramOutline />} color="#7048e8" background="#f3f0ff" />
      <AreaEntry
        entry="polls"
        icon={<UnorderedListOutline />}
        color="#0b7285"
        background="#e3fafc"
        body={!!openPolls && t('club.entries.pollsOpen', { count: openPolls, n: formatNumber(openPolls) })}
        count={openPolls}
        countTestId="club-polls-open"
      />
      <AreaEntry entry="surveys" icon={<FileOutline />} color="#2b8a3e" background="#ebfbee" />
      <AreaEntry entry="forms" icon={<EditSOutline />} color="#5f3dc4" background="#f3f0ff" />
      <AreaEntry
        entry="events"
        icon={<CalendarOutline />}
        color="#c2255c"
        background="#fff0f6"
        body={!!upcoming && t('club.entries.eventsNext', { count: upcoming, n: formatNumber(upcoming) })}
      />
      <AreaEntry
        entry="campaigns"
        icon={<StarOutline />}
        color="#e8590c"
        background="#fff4e6"
        body={!!openContests && t('club.entries.campaignsOpen', { count: openContests, n: formatNumber(openContests) })}
        count={openContests}
        countTestId="club-campaigns-open"
      />
      <AreaEntry entry="games" icon={<PlayOutline />} color="#864cbf" background="#f3f0ff" />
      <PointsClubEntry />
      <ClubEntry to="/club/galleries" entry="galleries" icon={<PictureOutline />} title={t('galleries.title')} body={t('galleries.entry')} />
    </div>
  );
}
