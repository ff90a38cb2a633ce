// A survey's own screen (/admin/survey/:id): its summary (the generic form to edit it, publish / archive),
// its sections and questions in order, and the results with breakdown and exports.
import { EyeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { SurveyQuestions } from './SurveyQuestions';
import { SurveyResponses } from './SurveyResponses';
import { SurveyResults } from './SurveyResults';

const RESOURCE = 'surveys';
// The preview brings the staff app's question step (antd-mobile): loaded on its first opening only.
const SurveyPreview = lazy(() => import('./SurveyPreview'));

export function SurveyEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refreshResults = (surveyId: string) => void qc.invalidateQueries({ queryKey: ['admin', 'surveys', 'results', surveyId] });
  const detail = useItemDetail(RESOURCE, t('admin.menu.survey'), { also: refreshResults });
  const { id, item: s } = detail;
  const [previewing, setPreviewing] = useState<boolean | null>(null);

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('surveysAdmin.back')}
      className="sf-survey-admin"
      testId="survey-editor"
      fields={['anonymous', 'startAt', 'endAt', 'audience', 'responsesCount']}
      actions={
        s ? (
          <>
            {s.anonymous ? <Tag color="purple" data-testid="survey-anonymous-tag">{t('surveysAdmin.anonymous')}</Tag> : null}
            <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="survey-preview-open">{t('surveysAdmin.preview.open')}</Button>
            <EditActions detail={detail} text={t('surveysAdmin.edit')} testId="survey-edit" />
          </>
        ) : null
      }
    >
      {s?.description ? <p className="sf-survey-admin__description">{String(s.description)}</p> : null}
      {id ? <SurveyQuestions surveyId={id} onChanged={() => refreshResults(id)} /> : null}
      {id ? <SurveyResults surveyId={id} /> : null}
      {id && s && !s.anonymous ? <SurveyResponses surveyId={id} /> : null}
      {previewing !== null && id ? (
        <Suspense fallback={null}>
          <SurveyPreview surveyId={id} anonymous={!!s?.anonymous} open={previewing} onClose={() => setPreviewing(false)} />
        </Suspense>
      ) : null}
    </ItemDetailScreen>
  );
}
