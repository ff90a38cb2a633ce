// The builder's preview (loaded on first open): the survey's questions at phone width, one per screen, drawn
// by the staff app's own QuestionStep, so editors see exactly what staff will. Answers stay in the drawer
// (nothing is saved); Back / Next move freely, required or not.
import '../../components/questions/i18n';
import '../../components/questions/questions.css';
import { useQueries } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { QuestionStep } from '../../components/questions/QuestionStep';
import type { AnswerValue, Answers } from '../../lib/surveys/types';
import { useList } from '../resources/data';
import { listQuery, type ListPage, type ListParams } from '../resources/schema';
import { previewSteps } from './logic';

const questionsParams = (section: string): ListParams => ({ filters: { section }, sort: 'position', pageSize: 100 });

export default function SurveyPreview({ surveyId, anonymous, open, onClose }: { surveyId: string; anonymous: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sections = useList('survey-sections', { filters: { survey: surveyId }, sort: 'position', pageSize: 100 }, open);
  const sectionItems = sections.data?.items ?? [];
  // The same query keys as the builder's lists, so an edit there refreshes the preview.
  const questions = useQueries({
    queries: sectionItems.map((s) => ({
      queryKey: ['admin', 'res', 'survey-questions', 'list', questionsParams(s.id)],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<ListPage>(`/api/admin/survey-questions${listQuery(questionsParams(s.id))}`, { signal }),
      enabled: open,
    })),
  });
  const loading = sections.isLoading || questions.some((q) => q.isLoading);
  const steps = useMemo(
    () => previewSteps(sectionItems, questions.map((q) => q.data?.items ?? [])),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sections.data, ...questions.map((q) => q.data)],
  );
  const [at, setAt] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const i = Math.min(at, Math.max(steps.length - 1, 0));
  const step = steps[i];

  return (
    <Drawer open={open} onClose={onClose} width={470} title={t('surveysAdmin.preview.title')} destroyOnHidden data-testid="survey-preview">
      <p className="sf-res__muted">{t('surveysAdmin.preview.hint')}</p>
      <div className="sf-survey-preview" data-testid="survey-preview-phone">
        {loading ? (
          <Skeleton active />
        ) : !step ? (
          <Empty description={t('surveysAdmin.preview.empty')} />
        ) : (
          <>
            <QuestionStep
              q={step.question}
              at={i}
              total={steps.length}
              section={step.section}
              anonymous={anonymous}
              value={answers[step.question.id]}
              onChange={(v: AnswerValue) => setAnswers({ ...answers, [step.question.id]: v })}
            />
            <div className="sf-survey-preview__nav">
              <Button disabled={i === 0} onClick={() => setAt(i - 1)} data-testid="survey-preview-back">{t('surveysAdmin.preview.back')}</Button>
              <Button type="primary" disabled={i >= steps.length - 1} onClick={() => setAt(i + 1)} data-testid="survey-preview-next">{t('surveysAdmin.preview.next')}</Button>
            </div>
          </>
        )}
      </div>
    </Drawer>
  );
}
