// Small pieces shared by the learning screens: the search form, the back bar, error and not-found states, and
// the reading clock's note under a lesson or an ebook that does not count yet.
import { Button } from 'antd-mobile';
import { ClockCircleOutline, ContentOutline, LeftOutline, StarFill } from 'antd-mobile-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../../components/SearchBox';
import { ApiError } from '../../lib/api';
import { badgeKey, kindIcon } from './LearningCard';
import { searchQueryString } from './logic';
import type { Pending } from './progress';
import type { Card } from '../../lib/learning/types';
import './learning.css';

/** The search box: submits to /learning/search?q= (keeping other filters when given). */
export function SearchForm({ initial = '', extra, autoFocus }: { initial?: string; extra?: Record<string, string>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  return (
    <SearchBox
      block="sf-lsearch"
      value={q}
      onChange={setQ}
      onSubmit={() => navigate(`/learning/search${searchQueryString({ ...extra, q })}`)}
      maxLength={100}
      label={t('learningTab.searchLabel')}
      placeholder={t('learningTab.searchPlaceholder')}
      autoFocus={autoFocus}
      testId="learning-search-input"
    >
      <button type="submit" className="sf-lsearch__submit">{t('learningTab.searchSubmit')}</button>
    </SearchBox>
  );
}

/** Back bar: history back when the user came from inside the app, else `fallback`. */
export function BackBar({ fallback, title, right }: { fallback: string; title?: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="sf-lbar">
      <button
        type="button"
        className="sf-lbar__back"
        aria-label={t('learningTab.back')}
        data-testid="back"
        onClick={() => {
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) navigate(-1);
          else navigate(fallback);
        }}
      >
        <LeftOutline aria-hidden="true" />
      </button>
      <span className="sf-lbar__title">{title}</span>
      <span className="sf-lbar__right">{right}</span>
    </div>
  );
}

export function PointsChip({ points, earned }: { points: number; earned?: boolean }) {
  const { t } = useTranslation();
  if (!points) return null;
  return (
    <span className={`sf-lpoints${earned ? ' sf-lpoints--earned' : ''}`} data-testid="points-chip">
      <StarFill aria-hidden="true" />
      {earned ? t('content.pointsEarned', { count: points }) : t('lcard.points', { count: points })}
    </span>
  );
}

/** A content item's or a course's heading: its kind and category, the title, and points and duration (then `children`). */
export function LessonHeading({ item, earned, children }: { item: Card; earned: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sf-lesson__type">
        {kindIcon(item)} {t(badgeKey(item))}
        {item.category ? <span> · {item.category.name}</span> : null}
      </span>
      <h1 className="sf-lesson__title">{item.title}</h1>
      <div className="sf-lesson__meta">
        <PointsChip points={item.points} earned={earned} />
        {item.durationMinutes ? (
          <span className="sf-lesson__duration"><ClockCircleOutline aria-hidden="true" /> {t('lcard.minutes', { count: item.durationMinutes })}</span>
        ) : null}
        {children}
      </div>
    </>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (error instanceof ApiError && error.status === 404)
    return (
      <div data-testid="not-found">
        <EmptyState
          icon={<ContentOutline />}
          title={t('learningTab.notFoundTitle')}
          body={t('learningTab.notFoundBody')}
          action={<Button color="primary" onClick={() => navigate('/learning')}>{t('learningTab.backToLearning')}</Button>}
        />
      </div>
    );
  return (
    <div className="sf-lerror" role="alert">
      <span>{t('learningTab.loadError')}</span>
      <Button size="small" onClick={retry}>{t('learningTab.retry')}</Button>
    </div>
  );
}

/** Below the lesson while it does not count yet: when it will (the server's clock), or what is missing. */
export function CompletionNote({ pending }: { pending: Pending }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const waiting = pending.claimed && pending.readyAt !== null && pending.readyAt > now;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  useEffect(() => setNow(Date.now()), [pending]);
  if (pending.hint)
    return (
      <p className="sf-lesson__note" role="status" data-testid="completion-hint">
        {pending.hint}
      </p>
    );
  if (!waiting || pending.readyAt === null) return null;
  return (
    <p className="sf-lesson__note" role="status" data-testid="completion-wait">
      <ClockCircleOutline aria-hidden="true" /> {t('content.countsIn', { count: Math.max(1, Math.ceil((pending.readyAt - now) / 1000)) })}
    </p>
  );
}
