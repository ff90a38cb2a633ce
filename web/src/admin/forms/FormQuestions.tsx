// A form's questions in order on the kit's OrderedChildrenCard: adding and editing with the generic form
// (kind, text, help, required, options, bounds), removing and dragging are the kit's.
import { useTranslation } from 'react-i18next';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { questionSummary } from './logic';

export function FormQuestions({ formId, onChanged }: { formId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <OrderedChildrenCard
      resource="form-questions"
      parentField="form"
      parentId={formId}
      texts="formsAdmin.questions"
      block="sf-club-detail"
      testId="form-questions"
      addTestId="form-question-add"
      onChanged={onChanged}
      row={(q) => ({
        title: String(q.text ?? ''),
        sub: questionSummary(q, t),
        thumb: null,
        className: 'sf-form-question',
        attributes: { 'data-question-id': q.id, 'data-kind': String(q.kind ?? '') },
      })}
    />
  );
}
