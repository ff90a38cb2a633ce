// The Learning tab (/learning, SPEC §6): search, categories, For you, my courses (in progress, mandatory by
// due date, completed), courses, exams and ebooks — one API call, pull to refresh.
import { Skeleton } from 'antd-mobile';
import { PullRefresh } from '../../components/PullRefresh';
import { ContentOutline, SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useDeferredAnswer } from '../../lib/deferredAnswer';
import { PageHeader } from '../../components/PageHeader';
import { useLearningHome } from './api';
import { CardRow } from './CardRow';
import { LearningCard } from './LearningCard';
import { repeatsByList, sortByDue } from './logic';
import { LoadError, SearchForm } from './parts';
import type { Card, LearningHome } from '../../lib/learning/types';
import './learning.css';

export function usePullTexts() {
  const { t } = useTranslation();
  return {
    pullingText: t('learningTab.pull'),
    canReleaseText: t('learningTab.release'),
    refreshingText: t('learningTab.refreshing'),
    completeText: t('learningTab.refreshed'),
  };
}

type MyTab = 'inProgress' | 'mandatory' | 'completed';
const MY_TABS: readonly MyTab[] = ['inProgress', 'mandatory', 'completed'];
const SHOWN = 4;

function MyCourses({ my, repeats }: { my: LearningHome['myCourses']; repeats: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const mandatory = useMemo(() => sortByDue(my.mandatory), [my.mandatory]);
  const lists: Record<MyTab, Card[]> = { inProgress: my.inProgress, mandatory, completed: my.completed };
  const first: MyTab = mandatory.some((c) => !c.progress?.completed) ? 'mandatory' : my.inProgress.length ? 'inProgress' : mandatory.length ? 'mandatory' : 'completed';
  const [tab, setTab] = useState<MyTab>(first);
  const [all, setAll] = useState(false);
  if (!my.inProgress.length && !my.mandatory.length && !my.completed.length) return null;
  const list = lists[tab];
  const shown = all ? list : list.slice(0, SHOWN);
  const choose = (k: MyTab) => {
    setTab(k);
    setAll(false);
  };
  return (
    <section className="sf-my-courses" aria-labelledby="my-courses-title" data-testid="my-courses">
      <h2 id="my-courses-title" className="sf-card-row__title">{t('learningTab.myCourses')}</h2>
      {/* A plain tablist (WAI-ARIA tabs): antd-mobile's Tabs measured its tabs in a layout effect and animated its
          ink bar and scroll on every title change, 50 ms of forced layout and a run of layout frames while the
          Learning tab first loaded on a slow phone (issue 29). */}
      <div role="tablist" aria-labelledby="my-courses-title" className="sf-my-courses__tabs">
        {MY_TABS.map((k, i) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`my-courses-tab-${k}`}
            aria-selected={tab === k}
            aria-controls="my-courses-panel"
            tabIndex={tab === k ? 0 : -1}
            className="sf-my-courses__tab"
            onClick={() => choose(k)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = MY_TABS[(i + step + MY_TABS.length) % MY_TABS.length]!;
              choose(next);
              document.getElementById(`my-courses-tab-${next}`)?.focus();
            }}
          >
            {`${t(`learningTab.my.${k}`)} (${lists[k].length})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="my-courses-panel" aria-labelledby={`my-courses-tab-${tab}`}>
      {list.length ? (
        <ul className="sf-my-courses__list" data-testid={`my-courses-${tab}`}>
          {shown.map((c) => (
            <li key={c.id}>
              <LearningCard card={c} variant="list" withTestId={!repeats.has(`${c.type}-${c.id}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="sf-card-row__empty">{t(`learningTab.my.${tab}Empty`)}</p>
      )}
      </div>
      {list.length > SHOWN ? (
        <button type="button" className="sf-link-button sf-my-courses__more" onClick={() => setAll((v) => !v)}>
          {all ? t('learningTab.showLess') : t('learningTab.showAll', { count: list.length })}
        </button>
      ) : null}
    </section>
  );
}

export function LearningPage() {
  const { t } = useTranslation();
  const home = useLearningHome();
  const { error, refetch } = home;
  // The rows render from a deferred copy of the answer (lib/deferredAnswer.ts); until then the skeletons stay.
  const { data, loading: isLoading } = useDeferredAnswer(home.data, home.isLoading);
  const pull = usePullTexts();
  // Page order: For you, Courses, Exams, Ebooks, New lessons, then My courses (a tabbed list).
  const repeats = useMemo(
    () =>
      data
        ? repeatsByList([data.forYou, data.courses, data.exams, data.ebooks, data.latest, [...data.myCourses.inProgress, ...data.myCourses.mandatory, ...data.myCourses.completed]])
        : [],
    [data],
  );
  const empty =
    data &&
    !data.forYou.length &&
    !data.courses.length &&
    !data.exams.length &&
    !data.ebooks.length &&
    !data.latest.length &&
    !data.myCourses.inProgress.length &&
    !data.myCourses.mandatory.length &&
    !data.myCourses.completed.length;

  return (
    <PullRefresh onRefresh={async () => void (await refetch())} {...pull}>
      <div className="sf-page sf-learning" data-testid="learning-tab">
        <PageHeader
          title={t('learningTab.title')}
          subtitle={t('learningTab.subtitle')}
          extra={
            <Link to="/search" className="sf-learning__everything" data-testid="search-everything">
              <SearchOutline aria-hidden="true" />
              {t('search.openEverything')}
            </Link>
          }
        />
        <SearchForm />
        {isLoading ? (
          <div className="sf-chips" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => <Skeleton key={i} animated className="sf-chip-skeleton" />)}
          </div>
        ) : data?.categories.length ? (
          <nav className="sf-chips" aria-label={t('learningTab.categories')}>
            {data.categories.map((c) => (
              <Link key={c.id} to={`/learning/category/${encodeURIComponent(c.id)}`} className="sf-chip" data-testid={`category-${c.id}`}>
                {c.name}
                {c.count ? <span className="sf-chip__count">{c.count}</span> : null}
              </Link>
            ))}
          </nav>
        ) : null}
        {error && !data ? <LoadError error={error} retry={() => void refetch()} /> : null}
        {isLoading ? (
          <>
            <CardRow title={t('learningTab.forYou')} cards={undefined} loading />
            <CardRow title={t('learningTab.courses')} cards={undefined} loading />
          </>
        ) : data ? (
          empty ? (
            <EmptyState icon={<ContentOutline />} title={t('learningTab.emptyTitle')} body={t('learningTab.emptyBody')} />
          ) : (
            <>
              <CardRow title={t('learningTab.forYou')} cards={data.forYou} priority testId="row-for-you" repeats={repeats[0]} />
              <MyCourses my={data.myCourses} repeats={repeats[5] ?? new Set()} />
              <CardRow title={t('learningTab.courses')} cards={data.courses} seeAllTo="/learning/search?type=course" testId="row-courses" repeats={repeats[1]} />
              <CardRow title={t('learningTab.exams')} cards={data.exams} seeAllTo="/learning/search?type=exam" testId="row-exams" repeats={repeats[2]} />
              <CardRow title={t('learningTab.ebooks')} cards={data.ebooks} seeAllTo="/learning/ebooks" testId="row-ebooks" repeats={repeats[3]} />
              <CardRow title={t('learningTab.latest')} cards={data.latest} seeAllTo="/learning/search?type=content" testId="row-latest" repeats={repeats[4]} />
            </>
          )
        ) : null}
      </div>
    </PullRefresh>
  );
}
