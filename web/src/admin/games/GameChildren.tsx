// The ordered children of a quiz (its questions) or of a matching game (its pairs): drag to reorder
// (the kit's PUT /api/admin/:resource/order {parent, ids}), add and edit with the generic form, remove.
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubThumb } from '../resources/ClubThumb';
import { ChildForms, ChildRowActions } from '../resources/ChildEditing';
import { useInvalidateResource, useResourceSchema } from '../resources/data';
import { useOrderedChildren } from '../resources/ordering';
import type { Item } from '../resources/schema';
import { SortableList } from '../resources/Sortable';

export interface ChildKind {
  resource: string;
  parentField: string;
  /** i18n prefix of the card's texts (title, add, empty, remove, removeConfirm, removed). */
  texts: string;
  title: (item: Item) => string;
  sub: (item: Item) => ReactNode;
  image: (item: Item) => unknown;
}

export function GameChildren({ kind, parentId, testId }: { kind: ChildKind; parentId: string; testId: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(kind.resource);
  const { list, order, saving, move } = useOrderedChildren({
    resource: kind.resource,
    filters: { [kind.parentField]: parentId },
    orderUrl: `/api/admin/${kind.resource}/order`,
    parent: parentId,
    savedText: t('gamesAdmin.orderSaved'),
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | undefined>();
  const canWrite = !!schema.resource?.canUpdate;
  const refresh = () => void invalidate(kind.resource);
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid={testId}
      title={<span>{t(`${kind.texts}.title`)} {saving ? <Tag color="blue">{t('gamesAdmin.saving')}</Tag> : null}</span>}
      extra={schema.resource?.canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`${testId}-add`}>{t(`${kind.texts}.add`)}</Button> : null}
    >
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('resource.loadError')} />
      ) : order.length ? (
        <>
          <p className="sf-res__muted sf-club-detail__hint">{t('gamesAdmin.dragHint')}</p>
          <SortableList
            items={order}
            label={t(`${kind.texts}.title`)}
            className="sf-sort"
            disabled={saving || !canWrite}
            onMove={(a, o) => void move(a, o)}
            render={(o, i, handle) => (
              <div className="sf-lesson sf-club-option" data-child-id={o.id}>
                {handle}
                <span className="sf-lesson__index">{i + 1}</span>
                <ClubThumb id={kind.image(o)} size={40} />
                <span className="sf-lesson__text">
                  <span className="sf-lesson__title">{kind.title(o)}</span>
                  <span className="sf-res__muted sf-lesson__sub">{kind.sub(o)}</span>
                </span>
                {canWrite ? (
                  <ChildRowActions
                    resource={kind.resource}
                    item={o}
                    title={kind.title(o)}
                    remove={{ label: t(`${kind.texts}.remove`), confirm: t(`${kind.texts}.removeConfirm`), ok: t(`${kind.texts}.remove`), done: t(`${kind.texts}.removed`) }}
                    onEdit={() => setEditing(o)}
                    onRemoved={refresh}
                  />
                ) : null}
              </div>
            )}
          />
        </>
      ) : (
        <Empty description={t(`${kind.texts}.empty`)} />
      )}
      <ChildForms
        resource={schema.resource}
        fixed={{ [kind.parentField]: parentId }}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </Card>
  );
}
