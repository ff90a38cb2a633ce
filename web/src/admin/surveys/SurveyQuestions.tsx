// The sections of a survey (ordered within it) and, under each, its questions (ordered within the section):
// both on the kit's OrderedChildrenCard, so adding, editing, removing and dragging are the kit's.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { useOrderedChildren } from '../resources/ordering';

export function SurveyQuestions({ surveyId, onChanged }: { surveyId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { order: sections } = useOrderedChildren({
    resource: 'survey-sections',
    filters: { survey: surveyId },
    orderUrl: '/api/admin/survey-sections/order',
    parent: surveyId,
    savedText: t('surveysAdmin.sections.orderSaved'),
  });
  return (
    <>
      <OrderedChildrenCard
        resource="survey-sections"
        parentField="survey"
        parentId={surveyId}
        texts="surveysAdmin.sections"
        block="sf-club-detail"
        testId="survey-sections"
        addTestId="survey-section-add"
        onChanged={onChanged}
        row={(s, order) => ({
          title: String(s.title ?? '') || t('surveysAdmin.sections.untitled', { n: order.indexOf(s) + 1 }),
          sub: String(s.description ?? ''),
          thumb: null,
          className: 'sf-survey-section',
          attributes: { 'data-section-id': s.id },
        })}
      />
      {sections.map((s, i) => (
        <OrderedChildrenCard
          key={s.id}
          resource="survey-questions"
          parentField="section"
          parentId={s.id}
          texts="surveysAdmin.questions"
          block="sf-club-detail"
          testId="survey-questions"
          addTestId="survey-question-add"
          onChanged={onChanged}
          above={() => <h4 className="sf-survey-admin__section">{String(s.title ?? '') || t('surveysAdmin.sections.untitled', { n: i + 1 })}</h4>}
          row={(q) => ({
            title: String(q.text ?? ''),
            sub: (
              <span className="sf-survey-question__sub">
                <Tag>{t(`surveysAdmin.kinds.${String(q.kind)}`)}</Tag>
                {q.required ? <Tag color="red" data-testid="survey-question-required">{t('surveysAdmin.questions.required')}</Tag> : <Tag>{t('surveysAdmin.questions.optional')}</Tag>}
                {Array.isArray(q.options) && q.options.length ? <span className="sf-res__muted">{(q.options as unknown[]).map(String).join(' · ')}</span> : null}
              </span>
            ),
            thumb: null,
            className: 'sf-survey-question',
            attributes: { 'data-question-id': q.id, 'data-kind': String(q.kind ?? '') },
          })}
        />
      ))}
    </>
  );
}
