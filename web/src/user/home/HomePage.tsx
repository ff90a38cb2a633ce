// Home (/main): greeting, points balance, cards for what waits for my action (pulse, polls, surveys and
// campaigns), the slides (HomeSlides, lazy), the banner ad and upcoming events, continue learning, For you,
// and the latest articles. One call (GET /api/home) plus each card's own light list; pull down to refresh;
// older articles page in from GET /api/articles. What other areas draw on Home (their cards, the learning
// rows, the article items) is handed in as `parts` by the app
// (app/TabPages.tsx): an area never imports another.
import { Skeleton } from 'antd-mobile';
import { PullRefresh } from '../../components/PullRefresh';
import { FileOutline, RightOutline, SearchOutline, StarFill } from 'antd-mobile-icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Loaded, useReveal } from '../../components/Reveal';
import { UserPicture } from '../../components/Initials';
import { api } from '../../lib/api';
import { useMe } from '../../lib/me';
import { useSession } from '../../lib/session';
import type { ArticleCard, Card, HomeFeed } from '../../lib/learning/types';
import { formatNumber, formatToday } from '../../lib/format';
import { Bell } from './Bell';
import { greetingKey, mergeArticles } from './logic';
import { HomeMessages } from './HomeMessages';
import './home.css';
import { LoadError } from '../../components/LoadError';
import { useDeferredAnswer } from '../../lib/deferredAnswer';

export const homeKey = ['home'] as const;
const moreArticlesKey = ['home', 'more-articles'] as const;

// The slides stay out of the entry chunk: only people with slides load them.
const loadSlides = () => import('./HomeSlides');
const HomeSlides = lazy(loadSlides);

/** What the other areas draw on Home, handed in by the app. */
export interface HomeParts {
  /** What waits for my action (pulse, polls, surveys, campaigns), the banner ad, the upcoming events: lazy
   *  components (their chunk loads after the first screen), drawn inside a Suspense here. */
  ActionCards: ComponentType;
  Ads: ComponentType;
  Events: ComponentType;
  /** A titled row of learning cards (the learning area's). */
  CardRow: ComponentType<{ title: ReactNode; cards: Card[] | undefined; seeAllTo?: string; loading?: boolean; empty?: ReactNode; priority?: boolean; testId?: string }>;
  /** One article of the feed (the articles area's). */
  ArticleItem: ComponentType<{ article: ArticleCard; priority?: boolean }>;
}

export function useHome() {
  return useQuery({ queryKey: homeKey, queryFn: ({ signal }) => api<HomeFeed>('/api/home', { signal }), staleTime: 15_000 });
}

/** Older articles after Home's first ones: pages of the same size, starting at page 2 (fetched on demand). */
function useMoreArticles(firstCount: number) {
  const size = Math.min(50, Math.max(5, firstCount));
  return useInfiniteQuery({
    queryKey: [...moreArticlesKey, size],
    initialPageParam: 2,
    queryFn: ({ pageParam, signal }) =>
      api<{ items: ArticleCard[]; total: number }>(`/api/articles?page=${pageParam}&pageSize=${size}`, { signal }),
    getNextPageParam: (last, _pages, page) => (page * size < last.total && last.items.length ? page + 1 : undefined),
    enabled: false,
  });
}

function PointsCard({ balance, loading }: { balance: number | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/club/points" className="sf-points-card" aria-label={t('feed.pointsLabel', { balance: formatNumber(balance ?? 0) })}>
      <span className="sf-points-card__icon" aria-hidden="true"><StarFill /></span>
      <span className="sf-points-card__text" aria-hidden="true">
        <span className="sf-points-card__label">{t('feed.myPoints')}</span>
        {loading ? (
          <Skeleton animated className="sf-points-card__skeleton" data-testid="points-skeleton" />
        ) : (
          <span className="sf-points-card__value">
            <span data-testid="points-balance" data-balance={balance ?? 0}>{formatNumber(balance ?? 0)}</span>
            <span className="sf-points-card__unit">{t('feed.pointsUnit')}</span>
          </span>
        )}
      </span>
      <span className="sf-points-card__history" aria-hidden="true">
        {t('feed.history')} <RightOutline />
      </span>
    </Link>
  );
}

/** Home's sections while they load: the size of a slide, a card row and an article, so the first screen is filled. */
function HomeSkeleton() {
  return (
    <div className="sf-home__pending-skeleton" aria-hidden="true" data-testid="home-skeleton">
      <Skeleton animated className="sf-home__skeleton-slide" />
      <Skeleton.Title animated />
      <div className="sf-home__skeleton-row">
        {[0, 1].map((i) => <Skeleton key={i} animated className="sf-home__skeleton-card" />)}
      </div>
      <Skeleton animated className="sf-home__skeleton-cover" />
    </div>
  );
}

export function HomePage({ parts }: { parts: HomeParts }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // Pull to refresh: Home's answer, and the older articles when some were loaded. The page itself follows no
  // data, so the pull-to-refresh frame is drawn once; each part below redraws only for its own (issue 29).
  const refresh = useCallback(async () => {
    const loadedMore = qc.getQueryCache().findAll({ queryKey: moreArticlesKey }).filter((q) => q.state.data !== undefined);
    await Promise.all([qc.refetchQueries({ queryKey: homeKey, exact: true }), ...loadedMore.map((q) => q.fetch().catch(() => undefined))]);
  }, [qc]);

  return (
    <PullRefresh
      onRefresh={refresh}
      pullingText={t('feed.pull')}
      canReleaseText={t('feed.release')}
      refreshingText={t('feed.refreshing')}
      completeText={t('feed.refreshed')}
    >
      <div className="sf-page sf-home">
        <HomeHero />

        <Link to="/search" className="sf-home__search" data-testid="home-search">
          <SearchOutline aria-hidden="true" />
          <span>{t('search.open')}</span>
        </Link>

        <HomePoints />

        <HomeFeedSections parts={parts} />
      </div>
    </PullRefresh>
  );
}

/** The greeting with the person's name, store and picture, the messages and the bell. */
function HomeHero() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const { data: me } = useMe();
  const name = me?.nickname || me?.name || session?.user.name || '';
  const hour = new Date().getHours();
  return (
    <section className="sf-hero sf-home__hero" aria-labelledby="home-greeting">
      <div className="sf-hero__text">
        <p className="sf-home__hello">{formatToday()}</p>
        <h1 id="home-greeting" className="sf-hero__title">
          {name ? t(greetingKey(hour), { name }) : t('home.greetingFallback')}
        </h1>
        {/* The store's line keeps its place while the account loads (and when there is none): the hero never changes height. */}
        <p className={me?.store ? 'sf-hero__meta' : 'sf-hero__meta sf-hero__meta--empty'}>{me?.store ? me.store.name : '\u00a0'}</p>
      </div>
      <div className="sf-home__hero-side">
        <HomeMessages />
        <Bell />
        <UserPicture name={name} image={me?.image ?? session?.user.image} size={56} />
      </div>
    </section>
  );
}

/** The points card, from Home's answer. */
function HomePoints() {
  const { data, isLoading } = useHome();
  return <PointsCard balance={data?.points.balance} loading={isLoading} />;
}

/** Everything under the points card, from Home's answer and the older articles. */
function HomeFeedSections({ parts }: { parts: HomeParts }) {
  const { data, isLoading, isError, refetch } = useHome();
  // The sections render from a deferred copy of Home's answer (lib/deferredAnswer.ts): when it arrives, the
  // hero and points card update at once, and the sections (most of the page) are rendered in slices.
  const { data: sectionsData, loading } = useDeferredAnswer(data, isLoading);
  // The slides' chunk is asked for as soon as Home's answer names slides (it came as a module preload with the
  // HTML), not later when the deferred sections get to it.
  const hasSlides = !!data?.slides?.length;
  useEffect(() => {
    if (hasSlides) void loadSlides();
  }, [hasSlides]);
  const more = useMoreArticles(data?.articles.length ?? 0);
  return (
    <HomeSections
      parts={parts}
      data={sectionsData}
      loading={loading}
      isError={isError}
      refetch={refetch}
      morePages={more.data?.pages}
      moreHasNext={more.hasNextPage}
      moreFetching={more.isFetching}
      fetchMore={more.data ? more.fetchNextPage : more.refetch}
    />
  );
}

interface HomeSectionsProps {
  parts: HomeParts;
  data: HomeFeed | undefined;
  loading: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** Older articles (fetched on demand): the query's pages and its (stable) functions, so memo holds. */
  morePages: { items: ArticleCard[] }[] | undefined;
  moreHasNext: boolean;
  moreFetching: boolean;
  fetchMore: () => unknown;
}

/** Everything under the points card. Memoised: the render that brings Home's fresh answer (its deferred copy not
 *  yet changed) leaves it. */
const HomeSections = memo(function HomeSections(props: HomeSectionsProps) {
  const { parts, data, loading, isError, refetch, morePages, moreHasNext, moreFetching, fetchMore } = props;
  const { ActionCards, Ads, Events, CardRow, ArticleItem } = parts;
  const { t } = useTranslation();
  const homeArticles = data?.articles;
  const articles = useMemo(() => mergeArticles(homeArticles ?? [], morePages?.flatMap((p) => p.items) ?? []), [homeArticles, morePages]);
  const firstCount = homeArticles?.length ?? 0;
  const canLoadMore = !morePages || moreHasNext;
  const hasSlides = !!data?.slides?.length;
  // The sections show at once (components/Reveal.tsx) when Home's answer, the areas' cards and the slides'
  // chunk are in and their lists fetched: nothing on the first screen moves (issue 29).
  const { shown, onLoaded: onPartLoaded } = useReveal(!loading, hasSlides ? ['actions', 'ads', 'events', 'slides'] : ['actions', 'ads', 'events']);

  return (
    <>
      {shown ? null : <HomeSkeleton />}
      <div className={shown ? 'sf-reveal' : 'sf-reveal sf-reveal--pending'} data-testid="home-sections">
        <Suspense fallback={null}>
          <ActionCards />
          <Loaded part="actions" onLoad={onPartLoaded} />
        </Suspense>

        {data?.slides?.length ? (
          <Suspense fallback={<div className="sf-slides sf-slides--loading" aria-hidden="true" />}>
            <HomeSlides slides={data.slides} />
            <Loaded part="slides" onLoad={onPartLoaded} />
          </Suspense>
        ) : null}

        <Suspense fallback={null}>
          <Ads />
          <Loaded part="ads" onLoad={onPartLoaded} />
        </Suspense>

        {/* Below the slides: the company's own message keeps the first screen; what waits for my action is above. */}
        <Suspense fallback={null}>
          <Events />
          <Loaded part="events" onLoad={onPartLoaded} />
        </Suspense>

        {isError ? (
          <LoadError text={t('feed.loadError')} onRetry={() => void refetch()} retryText={t('feed.retry')} />
        ) : null}

        <CardRow title={t('feed.continueLearning')} cards={data?.continueLearning} loading={loading} seeAllTo="/learning" priority testId="home-continue" />
        <CardRow
          title={t('feed.forYou')}
          cards={data?.forYou}
          loading={loading}
          testId="home-for-you"
          empty={!loading && data && !data.continueLearning.length ? <Link to="/learning" className="sf-home__explore">{t('feed.explore')}</Link> : undefined}
        />

        <section className="sf-home__news" aria-labelledby="home-news">
          <h2 id="home-news" className="sf-home__section-title">{t('feed.latest')}</h2>
          {loading ? (
            <div className="sf-home__feed">
              {[0, 1].map((i) => (
                <div key={i} className="sf-feed-item sf-feed-item--skeleton">
                  <Skeleton animated className="sf-home__skeleton-cover" />
                  <div className="sf-home__skeleton-text"><Skeleton.Paragraph lineCount={2} animated /></div>
                </div>
              ))}
            </div>
          ) : articles.length ? (
            <>
              <div className="sf-home__feed" data-testid="home-articles">
                {articles.map((a, i) => <ArticleItem key={a.id} article={a} priority={i === 0 && !data?.continueLearning.length} />)}
              </div>
              {canLoadMore && firstCount >= 3 ? (
                <button
                  type="button"
                  className="sf-home__more"
                  onClick={() => void fetchMore()}
                  disabled={moreFetching}
                  data-testid="home-more-articles"
                >
                  {moreFetching ? t('feed.loading') : t('feed.moreArticles')}
                </button>
              ) : null}
            </>
          ) : !isError ? (
            <EmptyState icon={<FileOutline />} title={t('feed.noArticlesTitle')} body={t('feed.noArticlesBody')} />
          ) : null}
        </section>
      </div>
    </>
  );
});
