// Home's "a survey to answer" card: shown when GET /api/surveys lists an open survey I have not submitted,
// linking straight to it (/club/surveys/:id). Light on purpose, like HomePolls: it fetches the list itself
// (the surveys screen's query, so that screen opens from the cache) and imports only the surveys' pure
// helpers, never their lazy chunk; it shares the polls card's look.
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HomeNudge } from '../../components/HomeNudge';
import { formatNumber } from '../../lib/format';
import { useHomeList } from '../../lib/homeList';
import { surveysKey, toAnswer } from '../../lib/surveys/logic';
import type { SurveyListItem } from '../../lib/surveys/types';

export function HomeSurveys() {
  const { t } = useTranslation();
  const { data } = useHomeList<{ items: SurveyListItem[] }>(surveysKey, '/api/surveys');
  const { first, count } = toAnswer(data?.items);
  if (!first) return null;
  const more = count - 1;
  return (
    <HomeNudge
      to={`/club/surveys/${encodeURIComponent(first.id)}`}
      className="sf-home-surveys"
      data={{ 'data-testid': 'home-surveys', 'data-survey-id': first.id, 'data-count': count }}
      label={t('home.surveys.label', { title: first.title })}
      icon={<FileOutline />}
      title={t(first.started ? 'home.surveys.continue' : 'home.surveys.title')}
      body={`${first.title}${more > 0 ? ` · ${t('home.surveys.more', { count: more, n: formatNumber(more) })}` : ''}`}
    />
  );
}
