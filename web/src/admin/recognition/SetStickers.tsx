// The stickers of a set (the kit's `stickers`, ordered within the set): drag to reorder (PUT
// /api/admin/stickers/order {parent, ids}), add and edit with the generic form, remove; each with its rarity
// and its chance per random draw (the rarity weights 60 / 30 / 9 / 1 over the set).
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateResource, useResourceSchema } from '../resources/data';
import { useLocale } from '../resources/format';
import { useOrderedChildren } from '../resources/ordering';
import { ChildForms, ChildRowActions } from '../resources/ChildEditing';
import { labelOf, type Item, type ResourceSchema } from '../resources/schema';
import { SortableList } from '../resources/Sortable';
import { dropChances, rarityColor, rarityCounts } from './logic';
import { Thumb } from './parts';

const RESOURCE = 'stickers';

export function RarityTag({ rarity, schema }: { rarity: unknown; schema: ResourceSchema | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const option = schema?.fields.find((f) => f.name === 'rarity')?.options?.find((o) => o.value === rarity);
  const text = option ? labelOf(option.label, locale) : t(`recognitionAdmin.rarity.${String(rarity ?? 'common')}`, { defaultValue: String(rarity ?? '') });
  return (
    <Tag color={rarityColor(rarity)} className="sf-res__tag" data-testid="sticker-rarity" data-rarity={String(rarity ?? '')}>
      {text}
    </Tag>
  );
}

export function SetStickers({ setId, onChanged }: { setId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const { list, order, saving, move } = useOrderedChildren({
    resource: RESOURCE,
    filters: { set: setId },
    orderUrl: `/api/admin/${RESOURCE}/order`,
    parent: setId,
    savedText: t('recognitionAdmin.stickers.orderSaved'),
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | undefined>();
  const canWrite = !!schema.resource?.canUpdate;
  const chances = useMemo(() => dropChances(order.map((s) => ({ id: s.id, rarity: s.rarity }))), [order]);
  const counts = rarityCounts(order);
  const pct = (n: number) => new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'th-TH', { style: 'percent', maximumFractionDigits: n < 0.01 ? 2 : 1 }).format(n);
  const refresh = () => {
    void invalidate(RESOURCE);
    onChanged();
  };

  return (
    <Card
      className="sf-admin-card sf-rec-detail__section"
      title={<span>{t('recognitionAdmin.stickers.title')} {saving ? <Tag color="blue">{t('recognitionAdmin.stickers.saving')}</Tag> : null}</span>}
      extra={schema.resource?.canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="sticker-add">{t('recognitionAdmin.stickers.add')}</Button> : null}
    >
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('resource.loadError')} />
      ) : order.length ? (
        <>
          <Space wrap className="sf-rec-stickers__counts">
            {counts.map((c) => (
              <span key={c.rarity}>
                <RarityTag rarity={c.rarity} schema={schema.resource} /> {t('recognitionAdmin.stickers.count', { n: c.count })}
              </span>
            ))}
          </Space>
          <p className="sf-res__muted sf-rec-detail__hint">{t('recognitionAdmin.stickers.dragHint')}</p>
          <SortableList
            items={order}
            label={t('recognitionAdmin.stickers.title')}
            className="sf-sort"
            disabled={saving || !canWrite}
            onMove={(a, o) => void move(a, o)}
            render={(s, i, handle) => (
              <div className="sf-lesson sf-rec-sticker" data-sticker={String(s.name ?? '')} data-testid="admin-sticker">
                {handle}
                <span className="sf-lesson__index">{i + 1}</span>
                <Thumb id={s.image} size={44} />
                <span className="sf-lesson__text">
                  <span className="sf-lesson__title">{String(s.name ?? '')}</span>
                  <span className="sf-res__muted sf-lesson__sub">
                    <RarityTag rarity={s.rarity} schema={schema.resource} />
                    {t('recognitionAdmin.stickers.chance', { pct: pct(chances.get(s.id) ?? 0) })}
                  </span>
                </span>
                {canWrite ? (
                  <ChildRowActions
                    resource={RESOURCE}
                    item={s}
                    title={String(s.name ?? '')}
                    remove={{ label: t('recognitionAdmin.stickers.remove'), confirm: t('recognitionAdmin.stickers.removeConfirm'), ok: t('recognitionAdmin.stickers.remove'), done: t('recognitionAdmin.stickers.removed') }}
                    onEdit={() => setEditing(s)}
                    onRemoved={refresh}
                  />
                ) : null}
              </div>
            )}
          />
        </>
      ) : (
        <Empty description={t('recognitionAdmin.stickers.empty')} />
      )}
      <ChildForms
        resource={schema.resource}
        fixed={{ set: setId }}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </Card>
  );
}
