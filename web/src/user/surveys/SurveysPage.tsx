// Surveys (/club/surveys, its own lazy chunk): the surveys open to me, each opening its one-question-per-
// screen page; started ones say "continue", answered ones are marked.
import './i18n';
import './surveys.css';
import { Skeleton } from 'antd-mobile';
import { CheckCircleFill, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ClubHeader } from '../club/parts';
import { formatDate } from '../home/format';
import { useSurveys } from './surveysApi';

export function SurveysPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useSurveys();
  return (
    <div className="sf-page sf-club-page sf-surveys-page">
      <ClubHeader title={t('surveys.title')} subtitle={t('surveys.subtitle')} />
      {isError ? (
        <div className="sf-card sf-card--error" role="alert">
          {t('surveys.loadError')}
          <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('common.retry')}</button>
        </div>
      ) : isLoading ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={5} animated /></div>
      ) : data?.items.length ? (
        <ul className="sf-surveys">
          {data.items.map((s) => (
            <li key={s.id}>
              <Link to={`/club/surveys/${encodeURIComponent(s.id)}`} className="sf-card sf-survey-card" data-testid="survey-card" data-survey-id={s.id}>
                <span className="sf-survey-card__title">{s.title}</span>
                {s.description ? <span className="sf-survey-card__description">{s.description}</span> : null}
                <span className="sf-survey-card__meta">
                  {t('surveys.questions', { count: s.questionsCount })}
                  {s.anonymous ? ` · ${t('surveys.anonymous')}` : ''}
                  {s.endAt ? ` · ${t('surveys.closes', { date: formatDate(s.endAt, true) })}` : ''}
                </span>
                <span className={`sf-survey-card__state ${s.submitted ? 'is-done' : ''}`}>
                  {s.submitted ? <><CheckCircleFill aria-hidden="true" /> {t('surveys.done')}</> : s.started ? t('surveys.continue') : t('surveys.start')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<FileOutline />} title={t('surveys.emptyTitle')} body={t('surveys.emptyBody')} />
      )}
    </div>
  );
}

export default SurveysPage;
