// A survey's own screen (/admin/survey/:id): its summary (the generic form to edit it, publish / archive),
// its sections and questions in order, and the results with breakdown and exports.
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { SurveyQuestions } from './SurveyQuestions';
import { SurveyResponses } from './SurveyResponses';
import { SurveyResults } from './SurveyResults';

const RESOURCE = 'surveys';
// The preview brings the staff app's question step (antd-mobile): loaded on its first opening only.
const SurveyPreview = lazy(() => import('./SurveyPreview'));

export function SurveyEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const survey = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState<boolean | null>(null);
  const refreshResults = () => void qc.invalidateQueries({ queryKey: ['admin', 'surveys', 'results', id] });
  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
    refreshResults();
  };

  const s = survey.data;
  const title = s ? String(s.title ?? '') : t('admin.menu.survey');
  const canUpdate = !!schema.resource?.canUpdate;

  if (survey.isError) return <MissingItemPage page={page} title={t('admin.menu.survey')} backTo="/admin/survey" backText={t('surveysAdmin.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail sf-survey-admin" data-testid="survey-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.survey'), to: '/admin/survey' }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={s}
        backTo="/admin/survey"
        backText={t('surveysAdmin.back')}
        fields={['anonymous', 'startAt', 'endAt', 'audience', 'responsesCount']}
        actions={
          s ? (
            <>
              {s.anonymous ? <Tag color="purple" data-testid="survey-anonymous-tag">{t('surveysAdmin.anonymous')}</Tag> : null}
              <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="survey-preview-open">{t('surveysAdmin.preview.open')}</Button>
              {canUpdate ? (
                <>
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="survey-edit">{t('surveysAdmin.edit')}</Button>
                  <StatusActions resource={RESOURCE} item={s} title={title} size="middle" text />
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {s?.description ? <p className="sf-survey-admin__description">{String(s.description)}</p> : null}
      {id ? <SurveyQuestions surveyId={id} onChanged={refreshResults} /> : null}
      {id ? <SurveyResults surveyId={id} /> : null}
      {id && s && !s.anonymous ? <SurveyResponses surveyId={id} /> : null}
      {previewing !== null && id ? (
        <Suspense fallback={null}>
          <SurveyPreview surveyId={id} anonymous={!!s?.anonymous} open={previewing} onClose={() => setPreviewing(false)} />
        </Suspense>
      ) : null}
      {schema.resource && s ? <ResourceForm resource={schema.resource} mode="edit" item={s} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
