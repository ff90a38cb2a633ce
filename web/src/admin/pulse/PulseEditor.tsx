// A pulse's own screen (/admin/pulse/:id): its summary (the generic form to edit it, publish / archive), its
// questions in order (the kit's OrderedChildrenCard), the trend per question, and "you said, we did".
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { useOrderedChildren } from '../resources/ordering';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { PulseResults } from './PulseResults';
import { PulseUpdates } from './PulseUpdates';

const RESOURCE = 'pulses';

export function PulseEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const pulse = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const { order: questions } = useOrderedChildren({ resource: 'pulse-questions', filters: { pulse: id }, orderUrl: '/api/admin/pulse-questions/order', parent: id, savedText: t('pulseAdmin.questions.orderSaved') });
  const refreshResults = () => void qc.invalidateQueries({ queryKey: ['admin', 'pulses', 'results', id] });
  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
    refreshResults();
  };
  const p = pulse.data;
  const title = p ? String(p.title ?? '') : t('admin.menu.pulse');
  const canUpdate = !!schema.resource?.canUpdate;
  if (pulse.isError) return <MissingItemPage page={page} title={t('admin.menu.pulse')} backTo="/admin/pulse" backText={t('pulseAdmin.back')} />;
  return (
    <div className="sf-admin-page sf-club-detail sf-survey-admin" data-testid="pulse-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.pulse'), to: '/admin/pulse' }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={p}
        backTo="/admin/pulse"
        backText={t('pulseAdmin.back')}
        fields={['recurrence', 'questionsPerPeriod', 'cooldown', 'startAt', 'endAt', 'audience', 'responsesCount']}
        actions={
          p ? (
            <>
              {p.anonymous ? <Tag color="purple">{t('pulseAdmin.anonymous')}</Tag> : null}
              {canUpdate ? (
                <>
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="pulse-edit">{t('pulseAdmin.edit')}</Button>
                  <StatusActions resource={RESOURCE} item={p} title={title} size="middle" text />
                </>
              ) : null}
            </>
          ) : null
        }
      />
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
          onChanged={refreshResults}
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
      {schema.resource && p ? <ResourceForm resource={schema.resource} mode="edit" item={p} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
