// Surveys (/club/surveys, its own lazy chunk): the surveys open to me, each opening its one-question-per-
// screen page; started ones say "continue", answered ones are marked.
import '../../components/questions/i18n';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { QuestionnaireList } from '../../components/questions/QuestionnaireList';
import { useSurveys } from './api';

export function SurveysPage() {
  const { t } = useTranslation();
  const query = useSurveys();
  const cards = (query.data?.items ?? []).map((s) => ({
    id: s.id,
    to: `/club/surveys/${encodeURIComponent(s.id)}`,
    title: s.title,
    description: s.description,
    meta: [
      t('surveys.questions', { count: s.questionsCount }),
      s.anonymous ? t('surveys.anonymous') : '',
      s.endAt ? t('surveys.closes', { date: formatDate(s.endAt, true) }) : '',
    ].filter(Boolean).join(' · '),
    done: s.submitted ? t('surveys.done') : null,
    action: s.started ? t('surveys.continue') : t('surveys.start'),
  }));
  return (
    <QuestionnaireList
      className="sf-surveys-page"
      title={t('surveys.title')}
      subtitle={t('surveys.subtitle')}
      query={query}
      cards={cards}
      loadError={t('surveys.loadError')}
      empty={{ icon: <FileOutline />, title: t('surveys.emptyTitle'), body: t('surveys.emptyBody') }}
      cardTestId="survey-card"
      cardIdAttribute="data-survey-id"
    />
  );
}

export default SurveysPage;
