// Forms (/club/forms, its own lazy chunk): the forms open to me; each opens its one-page form. Forms I
// cannot send again are marked as sent.
import './i18n';
import '../surveys/surveys.css';
import { Skeleton } from 'antd-mobile';
import { CheckCircleFill, EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ClubHeader } from '../club/parts';
import { formatDate } from '../home/format';
import { useForms } from './formsApi';

export function FormsPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useForms();
  return (
    <div className="sf-page sf-club-page sf-forms-page">
      <ClubHeader title={t('forms.title')} subtitle={t('forms.subtitle')} />
      {isError ? (
        <div className="sf-card sf-card--error" role="alert">
          {t('forms.loadError')}
          <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('common.retry')}</button>
        </div>
      ) : isLoading ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={5} animated /></div>
      ) : data?.items.length ? (
        <ul className="sf-surveys">
          {data.items.map((f) => (
            <li key={f.id}>
              <Link to={`/club/forms/${encodeURIComponent(f.id)}`} className="sf-card sf-survey-card" data-testid="form-card" data-form-id={f.id}>
                <span className="sf-survey-card__title">{f.title}</span>
                {f.description ? <span className="sf-survey-card__description">{f.description}</span> : null}
                <span className="sf-survey-card__meta">
                  {t('forms.questions', { count: f.questionsCount })}
                  {f.endAt ? ` · ${t('forms.closes', { date: formatDate(f.endAt, true) })}` : ''}
                </span>
                <span className={`sf-survey-card__state ${f.canSubmit ? '' : 'is-done'}`}>
                  {f.canSubmit ? (f.mySubmissions ? t('forms.sendAnother') : t('forms.open')) : <><CheckCircleFill aria-hidden="true" /> {t('forms.done')}</>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<EditSOutline />} title={t('forms.emptyTitle')} body={t('forms.emptyBody')} />
      )}
    </div>
  );
}

export default FormsPage;
