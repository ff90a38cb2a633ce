// A pulse's own screen (/admin/pulse/:id): its summary (the generic form to edit it, publish / archive), its
// questions in order (the kit's OrderedChildrenCard), the trend per question, and "you said, we did".
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { useOrderedChildren } from '../resources/ordering';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { PulseResults } from './PulseResults';
import { PulseUpdates } from './PulseUpdates';

const RESOURCE = 'pulses';

export function PulseEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refreshResults = (pulseId: string) => void qc.invalidateQueries({ queryKey: ['admin', 'pulses', 'results', pulseId] });
  const detail = useItemDetail(RESOURCE, t('admin.menu.pulse'), { also: refreshResults });
  const { id, item: p } = detail;
  const { order: questions } = useOrderedChildren({ resource: 'pulse-questions', filters: { pulse: id }, orderUrl: '/api/admin/pulse-questions/order', parent: id, savedText: t('pulseAdmin.questions.orderSaved') });
  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('pulseAdmin.back')}
      className="sf-survey-admin"
      testId="pulse-editor"
      fields={['recurrence', 'questionsPerPeriod', 'cooldown', 'startAt', 'endAt', 'audience', 'responsesCount']}
      actions={
        p ? (
          <>
            {p.anonymous ? <Tag color="purple">{t('pulseAdmin.anonymous')}</Tag> : null}
            <EditActions detail={detail} text={t('pulseAdmin.edit')} testId="pulse-edit" />
          </>
        ) : null
      }
    >
      {id ? <PulseResults pulseId={id} /> : null}
      {id ? (
        <OrderedChildrenCard
          resource="pulse-questions"
          parentField="pulse"
          parentId={id}
          texts="pulseAdmin.questions"
          block="sf-club-detail"
          testId="pulse-questions"
          addTestId="pulse-question-add"
          onChanged={() => refreshResults(id)}
          row={(q) => ({
            title: String(q.text ?? ''),
            sub: `${t(`surveysAdmin.kinds.${String(q.kind)}`)}${q.required ? ` · ${t('pulseAdmin.questions.required')}` : ''}`,
            thumb: null,
            className: 'sf-survey-question',
            attributes: { 'data-question-id': q.id, 'data-kind': String(q.kind ?? '') },
          })}
        />
      ) : null}
      {id ? <PulseUpdates pulseId={id} questions={Object.fromEntries(questions.map((q) => [q.id, String(q.text ?? '')]))} /> : null}
    </ItemDetailScreen>
  );
}
