// One card for "the ordered children of one item" (the options of a poll, the gift options of a period, the
// stickers of a set): drag to reorder (PUT /api/admin/<resource>/order {parent, ids}), add and edit with the
// generic form, remove. A caller says only which texts it uses and how one of its rows reads.
// OrderedList is the card's body alone, for an editor that adds and removes its children its own way.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildForms, ChildRowActions } from './ChildEditing';
import { useInvalidateResource, useResourceSchema } from './data';
import { LoadErrorAlert } from './LoadErrorAlert';
import { useOrderedChildren } from './ordering';
import type { Item, ResourceSchema } from './schema';
import { SortableList } from './Sortable';

/** How one child reads in the list: its thumbnail, title, the line under it, and the row's own attributes. */
export interface ChildRow {
  title: string;
  sub: ReactNode;
  thumb: ReactNode;
  className: string;
  attributes: Record<string, string>;
}

/** The ordered children of useOrderedChildren as a drag list: skeleton, (error,) hint, rows, or the empty state. */
export function OrderedList({
  ordered: { list, order, saving, move },
  label,
  hint,
  hintClassName,
  empty,
  disabled,
  showError,
  above,
  renderRow,
}: {
  ordered: ReturnType<typeof useOrderedChildren>;
  /** The list's accessible name. */
  label: string;
  hint: string;
  /** The hint paragraph's own class (the screen's __hint). */
  hintClassName: string;
  empty: ReactNode;
  /** Beyond saving: e.g. no right to reorder. */
  disabled?: boolean;
  /** A failed load shows the alert (else the empty state). */
  showError?: boolean;
  above?: ReactNode;
  /** One row, given its lead: the drag handle and the 1-based position. */
  renderRow: (item: Item, lead: ReactNode, i: number) => ReactNode;
}) {
  if (list.isLoading) return <Skeleton active />;
  if (showError && list.isError) return <LoadErrorAlert />;
  if (!order.length) return <>{empty}</>;
  return (
    <>
      {above}
      <p className={`sf-res__muted ${hintClassName}`}>{hint}</p>
      <SortableList
        items={order}
        label={label}
        className="sf-sort"
        disabled={saving || disabled}
        onMove={(a, o) => void move(a, o)}
        render={(item, i, handle) =>
          renderRow(
            item,
            <>
              {handle}
              <span className="sf-lesson__index">{i + 1}</span>
            </>,
            i,
          )
        }
      />
    </>
  );
}

export function OrderedChildrenCard({
  resource,
  parentField,
  parentId,
  texts,
  block,
  testId,
  addTestId,
  onChanged,
  above,
  row,
}: {
  resource: string;
  /** The child's reference to its parent, e.g. "poll". */
  parentField: string;
  parentId: string;
  /** The i18n prefix holding title, saving, add, orderSaved, dragHint, empty, remove, removeConfirm, removed. */
  texts: string;
  /** The CSS block of the detail screen, e.g. "sf-club-detail" (its __section and __hint). */
  block: string;
  testId?: string;
  addTestId: string;
  /** What else shows the children (counts, results), told after each change. */
  onChanged?: () => void;
  /** What stands above the list (e.g. counts per rarity), given the current order. */
  above?: (order: Item[], schema: ResourceSchema | undefined) => ReactNode;
  row: (item: Item, order: Item[], schema: ResourceSchema | undefined) => ChildRow;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(resource);
  const ordered = useOrderedChildren({
    resource,
    filters: { [parentField]: parentId },
    orderUrl: `/api/admin/${resource}/order`,
    parent: parentId,
    savedText: t(`${texts}.orderSaved`),
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | undefined>();
  const { order, saving } = ordered;
  const canWrite = !!schema.resource?.canUpdate;
  const refresh = () => {
    void invalidate(resource);
    onChanged?.();
  };

  return (
    <Card
      className={`sf-admin-card ${block}__section`}
      data-testid={testId}
      title={<span>{t(`${texts}.title`)} {saving ? <Tag color="blue">{t(`${texts}.saving`)}</Tag> : null}</span>}
      extra={schema.resource?.canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={addTestId}>{t(`${texts}.add`)}</Button> : null}
    >
      <OrderedList
        ordered={ordered}
        label={t(`${texts}.title`)}
        hint={t(`${texts}.dragHint`)}
        hintClassName={`${block}__hint`}
        empty={<Empty description={t(`${texts}.empty`)} />}
        disabled={!canWrite}
        showError
        above={above?.(order, schema.resource)}
        renderRow={(item, lead) => {
          const r = row(item, order, schema.resource);
          return (
            <div className={`sf-lesson ${r.className}`} {...r.attributes}>
              {lead}
              {r.thumb}
              <span className="sf-lesson__text">
                <span className="sf-lesson__title">{r.title}</span>
                <span className="sf-res__muted sf-lesson__sub">{r.sub}</span>
              </span>
              {canWrite ? (
                <ChildRowActions
                  resource={resource}
                  item={item}
                  title={r.title}
                  remove={{ label: t(`${texts}.remove`), confirm: t(`${texts}.removeConfirm`), ok: t(`${texts}.remove`), done: t(`${texts}.removed`) }}
                  onEdit={() => setEditing(item)}
                  onRemoved={refresh}
                />
              ) : null}
            </div>
          );
        }}
      />
      <ChildForms
        resource={schema.resource}
        fixed={{ [parentField]: parentId }}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </Card>
  );
}
