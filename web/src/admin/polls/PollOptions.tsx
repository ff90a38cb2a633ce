// The options of a poll (the kit's `poll-options`, ordered within the poll): drag to reorder
// (PUT /api/admin/poll-options/order {parent, ids}), add and edit with the generic form, remove.
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubThumb } from '../club/ClubThumb';
import { useInvalidateResource, useResourceSchema } from '../resources/data';
import { useOrderedChildren } from '../resources/ordering';
import { ChildForms, ChildRowActions } from '../resources/ChildEditing';
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
                  <ChildRowActions
                    resource={RESOURCE}
                    item={o}
                    title={String(o.text ?? '')}
                    remove={{ label: t('pollsAdmin.options.remove'), confirm: t('pollsAdmin.options.removeConfirm'), ok: t('pollsAdmin.options.remove'), done: t('pollsAdmin.options.removed') }}
                    onEdit={() => setEditing(o)}
                    onRemoved={refresh}
                  />
                ) : null}
              </div>
            )}
          />
        </>
      ) : (
        <Empty description={t('pollsAdmin.options.empty')} />
      )}
      <ChildForms
        resource={schema.resource}
        fixed={{ poll: pollId }}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </Card>
  );
}
