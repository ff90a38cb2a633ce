// Forms (/club/forms, its own lazy chunk): the forms open to me; each opens its one-page form. Forms I
// cannot send again are marked as sent.
import './i18n';
import { EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { QuestionnaireList } from '../../components/questions/QuestionnaireList';
import { useForms } from './api';

export function FormsPage() {
  const { t } = useTranslation();
  const query = useForms();
  const cards = (query.data?.items ?? []).map((f) => ({
    id: f.id,
    to: `/club/forms/${encodeURIComponent(f.id)}`,
    title: f.title,
    description: f.description,
    meta: [t('forms.questions', { count: f.questionsCount }), f.endAt ? t('forms.closes', { date: formatDate(f.endAt, true) }) : ''].filter(Boolean).join(' · '),
    done: f.canSubmit ? null : t('forms.done'),
    action: f.mySubmissions ? t('forms.sendAnother') : t('forms.open'),
  }));
  return (
    <QuestionnaireList
      className="sf-forms-page"
      title={t('forms.title')}
      subtitle={t('forms.subtitle')}
      query={query}
      cards={cards}
      loadError={t('forms.loadError')}
      empty={{ icon: <EditSOutline />, title: t('forms.emptyTitle'), body: t('forms.emptyBody') }}
      cardTestId="form-card"
      cardIdAttribute="data-form-id"
    />
  );
}

export default FormsPage;
