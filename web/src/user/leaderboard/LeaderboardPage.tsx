// The leaderboard (/club/leaderboard, its own lazy chunk): staff ranked by points earned this week, this month
// or all time, within my store, my region or everyone; or stores ranked by points per active staff member.
// Podium for the top three, the rest as a list, my row pinned at the bottom when I am outside the list.
import './i18n';
import { NavBar, Skeleton } from 'antd-mobile';
import { ShopbagOutline, StarFill, UserOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { profilePath } from '../../lib/profiles';
import { EmptyState } from '../../components/EmptyState';
import { api } from '../../lib/api';
import { useProductName } from '../../lib/config';
import { Image } from '../../lib/image';
import { useSession } from '../../lib/session';
import { currentLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { PERIODS, boardPath, effectiveScope, initials, parseChoices, periodRange, shouldPinMe, splitPodium } from './logic';
import type { PeopleBoard, Period, PersonRow, Scope, StoreRow, StoresBoard, View } from './types';
import './leaderboard.css';
import { LoadError } from '../../components/LoadError';

function Segmented<T extends string>({ label, value, options, onChange, testId }: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <div className="sf-segmented" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={o.value === value ? 'sf-segmented__option is-active' : 'sf-segmented__option'}
          onClick={() => onChange(o.value)}
          data-value={o.value}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Avatar({ name, image, size }: { name: string; image: string | null; size: number }) {
  return (
    <span className="sf-board-avatar" style={{ width: size, height: size, fontSize: size * 0.38 }} aria-hidden="true">
      {image ? <Image src={image} alt="" width={size} height={size} fit="cover" /> : initials(name) || <UserOutline />}
    </span>
  );
}

function Points({ n, unit }: { n: number; unit: string }) {
  return (
    <span className="sf-board-points">
      <StarFill aria-hidden="true" /> {formatNumber(n)} <span className="sf-board-points__unit">{unit}</span>
    </span>
  );
}

function PersonPodium({ items, myId }: { items: PersonRow[]; myId?: string }) {
  const { t } = useTranslation();
  return (
    <ol className="sf-board-podium" aria-label={t('leaderboard.podium')} style={{ '--places': items.length } as CSSProperties}>
      {items.map((r) => (
        <li
          key={r.user.id}
          className={`sf-board-podium__place is-${r.rank}${r.user.id === myId ? ' is-me' : ''}`}
          data-testid="leaderboard-row"
          data-rank={r.rank}
          data-user-id={r.user.id}
        >
          <span className="sf-board-podium__medal" aria-label={t('leaderboard.rank', { n: r.rank })}>{r.rank}</span>
          <Link to={profilePath(r.user.id)} className="sf-board-podium__person" data-testid="leaderboard-person">
            <Avatar name={r.user.name} image={r.user.image} size={r.rank === 1 ? 72 : 56} />
            <span className="sf-board-podium__name">{r.user.name}</span>
          </Link>
          {r.user.store ? <span className="sf-board-podium__store">{r.user.store.name}</span> : null}
          <span className="sf-board-podium__points">
            <StarFill aria-hidden="true" /> {formatNumber(r.points)}
            <span className="sf-board-points__unit"> {t('leaderboard.unit')}</span>
          </span>
          <span className="sf-board-podium__step" aria-hidden="true" />
        </li>
      ))}
    </ol>
  );
}

function PersonLine({ r, me, testId = 'leaderboard-row' }: { r: PersonRow; me: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <li className={me ? 'sf-board-row is-me' : 'sf-board-row'} data-testid={testId} data-rank={r.rank} data-user-id={r.user.id}>
      <span className="sf-board-row__rank" aria-label={t('leaderboard.rank', { n: r.rank })}>{r.rank}</span>
      <Link to={profilePath(r.user.id)} className="sf-board-row__person" data-testid="leaderboard-person">
        <Avatar name={r.user.name} image={r.user.image} size={40} />
        <span className="sf-board-row__text">
          <span className="sf-board-row__name">{me ? t('leaderboard.meName', { name: r.user.name }) : r.user.name}</span>
          {r.user.store ? <span className="sf-board-row__meta">{r.user.store.name}</span> : null}
        </span>
      </Link>
      <Points n={r.points} unit={t('leaderboard.unit')} />
    </li>
  );
}

function StoreLine({ r, mine, testId = 'leaderboard-store-row' }: { r: StoreRow; mine: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <li className={mine ? 'sf-board-row is-me' : 'sf-board-row'} data-testid={testId} data-rank={r.rank} data-store-id={r.store.id}>
      <span className="sf-board-row__rank" aria-label={t('leaderboard.rank', { n: r.rank })}>{r.rank}</span>
      <span className="sf-board-avatar sf-board-avatar--store" style={{ width: 40, height: 40 }} aria-hidden="true"><ShopbagOutline /></span>
      <span className="sf-board-row__text">
        <span className="sf-board-row__name">{mine ? t('leaderboard.myStoreName', { name: r.store.name }) : r.store.name}</span>
        <span className="sf-board-row__meta">
          {t('leaderboard.storeMeta', { points: formatNumber(r.points), staff: formatNumber(r.staff) })}
        </span>
      </span>
      <span className="sf-board-points sf-board-points--per">
        <StarFill aria-hidden="true" /> {formatNumber(r.perStaff)} <span className="sf-board-points__unit">{t('leaderboard.perStaff')}</span>
      </span>
    </li>
  );
}

function PeopleList({ board, myId }: { board: PeopleBoard; myId?: string }) {
  const { t } = useTranslation();
  const { podium, rest } = splitPodium(board.items);
  if (!board.items.length)
    return <EmptyState icon={<StarFill />} title={t('leaderboard.emptyTitle')} body={t('leaderboard.emptyBody')} />;
  const pin = shouldPinMe(board, myId);
  return (
    <>
      <PersonPodium items={podium} myId={myId} />
      {rest.length ? (
        <ol className="sf-board-list" aria-label={t('leaderboard.listLabel')}>
          {rest.map((r) => <PersonLine key={r.user.id} r={r} me={r.user.id === myId} />)}
        </ol>
      ) : null}
      {pin && board.me?.rank != null ? (
        <div className="sf-board-me" data-testid="leaderboard-me" data-rank={board.me.rank} data-points={board.me.points}>
          <span className="sf-board-row__rank">{board.me.rank}</span>
          <span className="sf-board-row__text">
            <span className="sf-board-row__name">{t('leaderboard.me')}</span>
            <span className="sf-board-row__meta">{t('leaderboard.meRank', { n: formatNumber(board.me.rank) })}</span>
          </span>
          <Points n={board.me.points} unit={t('leaderboard.unit')} />
        </div>
      ) : null}
    </>
  );
}

function StoresList({ board }: { board: StoresBoard }) {
  const { t } = useTranslation();
  if (!board.items.length)
    return <EmptyState icon={<ShopbagOutline />} title={t('leaderboard.emptyStoresTitle')} body={t('leaderboard.emptyStoresBody')} />;
  const myStore = board.me?.store.id;
  const pin = board.me && !board.items.some((i) => i.store.id === myStore);
  return (
    <>
      <p className="sf-board-note">{t('leaderboard.storesNote')}</p>
      <ol className="sf-board-list" aria-label={t('leaderboard.storesLabel')}>
        {board.items.map((r) => <StoreLine key={r.store.id} r={r} mine={r.store.id === myStore} />)}
      </ol>
      {pin && board.me ? (
        <div className="sf-board-me" data-testid="leaderboard-me" data-rank={board.me.rank}>
          <span className="sf-board-row__rank">{board.me.rank}</span>
          <span className="sf-board-row__text">
            <span className="sf-board-row__name">{t('leaderboard.myStoreName', { name: board.me.store.name })}</span>
            <span className="sf-board-row__meta">{t('leaderboard.storeMeta', { points: formatNumber(board.me.points), staff: formatNumber(board.me.staff) })}</span>
          </span>
          <span className="sf-board-points sf-board-points--per"><StarFill aria-hidden="true" /> {formatNumber(board.me.perStaff)}</span>
        </div>
      ) : null}
    </>
  );
}

export function LeaderboardPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const navigate = useNavigate();
  const session = useSession();
  const myId = session.data?.user.id;
  const [search, setSearch] = useSearchParams();
  const { view, scope, period } = parseChoices(search);
  const shownScope = effectiveScope(view, scope);
  const choose = (next: Partial<{ view: View; scope: Scope; period: Period }>) => {
    const c = { view, scope: shownScope, period, ...next };
    setSearch(new URLSearchParams({ view: c.view, scope: effectiveScope(c.view, c.scope), period: c.period }), { replace: true });
  };
  const path = boardPath(view, scope, period);
  const query = useQuery({
    queryKey: ['leaderboard', path],
    queryFn: ({ signal }) => api<PeopleBoard | StoresBoard>(path, { signal }),
    staleTime: 15_000,
  });
  const bounds = query.data?.period;
  const range = bounds ? (periodRange(bounds.from, bounds.to, currentLocale() === 'th' ? 'th-TH' : 'en-GB') ?? t('leaderboard.allTimeRange')) : '\u00a0';

  const scopeOptions = (view === 'stores' ? (['region', 'all'] as Scope[]) : (['store', 'region', 'all'] as Scope[])).map((s) => ({
    value: s,
    label: t(`leaderboard.scope.${view === 'stores' && s === 'all' ? 'allStores' : s}`),
  }));

  return (
    <div className="sf-page sf-board-page">
      <NavBar className="sf-navbar" onBack={() => navigate('/club')} back={t('nav.club', { product })} />
      <header className="sf-board-head">
        <h1 className="sf-board-head__title">{t('leaderboard.title')}</h1>
        <p className="sf-board-head__range" data-testid="leaderboard-range">{range}</p>
        <p className="sf-board-head__measure" data-testid="leaderboard-measure">{t('leaderboard.rankedBy')}</p>
      </header>
      <Segmented
        label={t('leaderboard.viewLabel')}
        value={view}
        testId="leaderboard-view"
        options={[
          { value: 'people', label: t('leaderboard.view.people') },
          { value: 'stores', label: t('leaderboard.view.stores') },
        ]}
        onChange={(v) => choose({ view: v })}
      />
      <div className="sf-board-controls">
        <Segmented label={t('leaderboard.scopeLabel')} value={shownScope} testId="leaderboard-scope" options={scopeOptions} onChange={(s) => choose({ scope: s })} />
        <Segmented
          label={t('leaderboard.periodLabel')}
          value={period}
          testId="leaderboard-period"
          options={PERIODS.map((p) => ({ value: p, label: t(`leaderboard.period.${p}`) }))}
          onChange={(p) => choose({ period: p })}
        />
      </div>
      {query.isError ? (
        <LoadError text={t('leaderboard.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isLoading || !query.data ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={8} animated /></div>
      ) : view === 'stores' ? (
        <StoresList board={query.data as StoresBoard} />
      ) : (
        <PeopleList board={query.data as PeopleBoard} myId={myId} />
      )}
    </div>
  );
}
