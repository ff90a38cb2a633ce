// The options of a poll (the kit's `poll-options`, ordered within the poll): drag to reorder
// (PUT /api/admin/poll-options/order {parent, ids}), add and edit with the generic form, remove.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubThumb } from '../club/ClubThumb';
import { useInvalidateResource, useResourceSchema } from '../resources/data';
import { useOrderedChildren } from '../resources/ordering';
import { DeleteConfirm } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { Item } from '../resources/schema';
import { SortableList } from '../resources/Sortable';

const RESOURCE = 'poll-options';

export function PollOptions({ pollId, votes, onChanged }: { pollId: string; votes: Record<string, number>; onChanged: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const { list, order, saving, move } = useOrderedChildren({
    resource: RESOURCE,
    filters: { poll: pollId },
    orderUrl: `/api/admin/${RESOURCE}/order`,
    parent: pollId,
    savedText: t('pollsAdmin.options.orderSaved'),
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | undefined>();
  const canWrite = !!schema.resource?.canUpdate;
  const refresh = () => {
    void invalidate(RESOURCE);
    onChanged();
  };

  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="poll-options"
      title={<span>{t('pollsAdmin.options.title')} {saving ? <Tag color="blue">{t('pollsAdmin.options.saving')}</Tag> : null}</span>}
      extra={schema.resource?.canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="poll-option-add">{t('pollsAdmin.options.add')}</Button> : null}
    >
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('resource.loadError')} />
      ) : order.length ? (
        <>
          <p className="sf-res__muted sf-club-detail__hint">{t('pollsAdmin.options.dragHint')}</p>
          <SortableList
            items={order}
            label={t('pollsAdmin.options.title')}
            className="sf-sort"
            disabled={saving || !canWrite}
            onMove={(a, o) => void move(a, o)}
            render={(o, i, handle) => (
              <div className="sf-lesson sf-club-option" data-option={String(o.text ?? '')} data-option-id={o.id}>
                {handle}
                <span className="sf-lesson__index">{i + 1}</span>
                <ClubThumb id={o.image} size={40} />
                <span className="sf-lesson__text">
                  <span className="sf-lesson__title">{String(o.text ?? '')}</span>
                  <span className="sf-res__muted sf-lesson__sub">{t('pollsAdmin.options.votes', { count: votes[o.id] ?? Number(o.votesCount ?? 0) })}</span>
                </span>
                {canWrite ? (
                  <>
                    <Tooltip title={t('resource.edit')}>
                      <Button type="text" icon={<EditOutlined />} aria-label={t('resource.editItem', { title: String(o.text ?? '') })} onClick={() => setEditing(o)} />
                    </Tooltip>
                    <DeleteConfirm resource={RESOURCE} id={o.id} title={t('pollsAdmin.options.removeConfirm')} okText={t('pollsAdmin.options.remove')} doneText={t('pollsAdmin.options.removed')} onSettled={refresh}>
                      <Tooltip title={t('pollsAdmin.options.remove')}>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('resource.deleteItem', { title: String(o.text ?? '') })} />
                      </Tooltip>
                    </DeleteConfirm>
                  </>
                ) : null}
              </div>
            )}
          />
        </>
      ) : (
        <Empty description={t('pollsAdmin.options.empty')} />
      )}
      {schema.resource ? (
        <>
          <ResourceForm resource={schema.resource} mode="create" open={adding} fixed={{ poll: pollId }} onClose={() => setAdding(false)} onSaved={refresh} />
          <ResourceForm resource={schema.resource} mode="edit" item={editing} open={!!editing} fixed={{ poll: pollId }} onClose={() => setEditing(undefined)} onSaved={refresh} />
        </>
      ) : null}
    </Card>
  );
}
