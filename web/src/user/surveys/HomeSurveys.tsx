// Home's "a survey to answer" card: shown when GET /api/surveys lists an open survey I have not submitted,
// linking straight to it (/club/surveys/:id). Light on purpose, like HomePolls: it fetches the list itself
// (the surveys screen's query, so that screen opens from the cache) and imports only the surveys' pure
// helpers, never their lazy chunk; it shares the polls card's look.
import { FileOutline, RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { surveysKey, toAnswer } from '../../lib/surveys/logic';
import type { SurveyListItem } from '../../lib/surveys/types';
import { formatNumber } from '../../lib/format';

export function HomeSurveys() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: surveysKey,
    queryFn: ({ signal }) => api<{ items: SurveyListItem[] }>('/api/surveys', { signal, toastOnNetworkError: false }),
    staleTime: 30_000,
    retry: false,
  });
  const { first, count } = toAnswer(data?.items);
  if (!first) return null;
  const more = count - 1;
  return (
    <Link
      to={`/club/surveys/${encodeURIComponent(first.id)}`}
      className="sf-home-polls sf-home-surveys"
      data-testid="home-surveys"
      data-survey-id={first.id}
      data-count={count}
      aria-label={t('home.surveys.label', { title: first.title })}
    >
      <span className="sf-home-polls__icon" aria-hidden="true"><FileOutline /></span>
      <span className="sf-home-polls__text" aria-hidden="true">
        <span className="sf-home-polls__title">{t(first.started ? 'home.surveys.continue' : 'home.surveys.title')}</span>
        <span className="sf-home-polls__body">
          {first.title}
          {more > 0 ? ` · ${t('home.surveys.more', { count: more, n: formatNumber(more) })}` : ''}
        </span>
      </span>
      <RightOutline className="sf-home-polls__chevron" aria-hidden="true" />
    </Link>
  );
}
