// The options of a gift period (the kit's `gift-options`, ordered within the period): drag to reorder
// (PUT /api/admin/gift-options/order {parent, ids}), add and edit with the generic form, remove.
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateResource, useResourceSchema } from '../resources/data';
import { useOrderedChildren } from '../resources/ordering';
import { ChildForms, ChildRowActions } from '../resources/ChildEditing';
import type { Item } from '../resources/schema';
import { SortableList } from '../resources/Sortable';
import { ClubThumb } from './ClubThumb';

const RESOURCE = 'gift-options';

export function GiftOptions({ periodId, picked, onChanged }: { periodId: string; picked: Record<string, number>; onChanged: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const { list, order, saving, move } = useOrderedChildren({
    resource: RESOURCE,
    filters: { period: periodId },
    orderUrl: `/api/admin/${RESOURCE}/order`,
    parent: periodId,
    savedText: t('clubAdmin.options.orderSaved'),
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
      title={<span>{t('clubAdmin.options.title')} {saving ? <Tag color="blue">{t('clubAdmin.options.saving')}</Tag> : null}</span>}
      extra={schema.resource?.canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="gift-option-add">{t('clubAdmin.options.add')}</Button> : null}
    >
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('resource.loadError')} />
      ) : order.length ? (
        <>
          <p className="sf-res__muted sf-club-detail__hint">{t('clubAdmin.options.dragHint')}</p>
          <SortableList
            items={order}
            label={t('clubAdmin.options.title')}
            className="sf-sort"
            disabled={saving || !canWrite}
            onMove={(a, o) => void move(a, o)}
            render={(o, i, handle) => (
              <div className="sf-lesson sf-club-option" data-option={String(o.title ?? '')}>
                {handle}
                <span className="sf-lesson__index">{i + 1}</span>
                <ClubThumb id={o.image} size={40} />
                <span className="sf-lesson__text">
                  <span className="sf-lesson__title">{String(o.title ?? '')}</span>
                  <span className="sf-res__muted sf-lesson__sub">{t('clubAdmin.options.counts', { picked: picked[o.id] ?? 0, stock: Number(o.stock ?? 0) })}</span>
                </span>
                {canWrite ? (
                  <ChildRowActions
                    resource={RESOURCE}
                    item={o}
                    title={String(o.title ?? '')}
                    remove={{ label: t('clubAdmin.options.remove'), confirm: t('clubAdmin.options.removeConfirm'), ok: t('clubAdmin.options.remove'), done: t('clubAdmin.options.removed') }}
                    onEdit={() => setEditing(o)}
                    onRemoved={refresh}
                  />
                ) : null}
              </div>
            )}
          />
        </>
      ) : (
        <Empty description={t('clubAdmin.options.empty')} />
      )}
      <ChildForms
        resource={schema.resource}
        fixed={{ period: periodId }}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </Card>
  );
}
