// What every item's own screen in the back office (/admin/<area>/:id) starts with: the id from the address,
// the resource's schema, the item and its title, whether the viewer may change it, and the edit dialog; plus
// the edit and publish/archive buttons and the edit dialog that go with them, and the frame of the screen
// (header, summary bar, the missing-item page). An area adds only its own parts.
import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from './AreaPage';
import { useInvalidateResource, useItem, useResourceSchema } from './data';
import { DetailSummary, type DetailSummaryProps } from './DetailSummary';
import type { AdminPage } from './pages';
import { StatusActions } from './publishing';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import type { Item } from './schema';

export interface ItemDetail {
  resource: string;
  id: string;
  schema: ReturnType<typeof useResourceSchema>;
  query: ReturnType<typeof useItem>;
  item: Item | undefined;
  /** The item's title once loaded, the list's title until then. */
  title: string;
  canUpdate: boolean;
  editing: boolean;
  setEditing: (editing: boolean) => void;
  /** Reloads the resource's lists and this item (after an edit or a status change). */
  refresh: () => void;
}

export interface ItemDetailOptions {
  /** The field that names the item (`title` unless said). */
  titleField?: string;
  /** What else shows the item's changes (its results, its codes), reloaded with it. */
  also?: (id: string) => void;
}

export function useItemDetail(resource: string, listTitle: string, { titleField = 'title', also }: ItemDetailOptions = {}): ItemDetail {
  const { id = '' } = useParams();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(resource);
  const query = useItem(resource, id);
  const [editing, setEditing] = useState(false);
  const item = query.data;
  return {
    resource,
    id,
    schema,
    query,
    item,
    title: item ? String(item[titleField] ?? '') : listTitle,
    canUpdate: !!schema.resource?.canUpdate,
    editing,
    setEditing,
    refresh: () => {
      void invalidate(resource);
      also?.(id);
    },
  };
}

/** "Edit" and publish / archive, for those who may change the item; `children` follow them. */
export function EditActions({ detail, text, testId, children }: { detail: ItemDetail; text: string; testId?: string; children?: ReactNode }) {
  const { item, canUpdate } = detail;
  if (!item || !canUpdate) return null;
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => detail.setEditing(true)} data-testid={testId}>{text}</Button>
      <StatusActions resource={detail.resource} item={item} title={detail.title} size="middle" text />
      {children}
    </>
  );
}

/** The item's details in the generic form, open while the detail is editing. */
export function EditDialog({ detail, onSaved, ...form }: { detail: ItemDetail; onSaved?: () => void } & Pick<ResourceFormProps, 'visibleFields' | 'renderInput' | 'labels' | 'width'>) {
  const { schema, item } = detail;
  if (!schema.resource || !item) return null;
  return <ResourceForm {...form} resource={schema.resource} mode="edit" item={item} open={detail.editing} onClose={() => detail.setEditing(false)} onSaved={onSaved ?? detail.refresh} />;
}

/** An item's screen: the header under its list, the summary bar (the `fields` and the `actions`), the area's
 *  sections, and the edit drawer; the missing-item page when the item cannot be loaded. */
export function ItemDetailScreen({
  page,
  detail,
  list,
  back,
  className,
  testId,
  subtitle,
  fields,
  values,
  thumb,
  below,
  actions,
  onSaved,
  children,
}: {
  page: AdminPage;
  detail: ItemDetail;
  /** The list the item belongs to, when it is not `page` itself (its menu label and address). */
  list?: { title: string; to: string };
  /** The back link's text. */
  back: string;
  className?: string;
  testId?: string;
  subtitle?: string;
  onSaved?: () => void;
  children?: ReactNode;
} & Pick<DetailSummaryProps, 'fields' | 'values' | 'thumb' | 'below' | 'actions'>) {
  const { t } = useTranslation();
  const { title, to } = list ?? { title: t(page.labelKey), to: page.path };
  if (detail.query.isError) return <MissingItemPage page={page} title={title} backTo={to} backText={back} />;
  return (
    <div className={`sf-admin-page sf-club-detail${className ? ` ${className}` : ''}`} data-testid={testId}>
      <AdminPageHeader page={page} parent={{ title, to }} title={detail.title} subtitle={subtitle} />
      <DetailSummary resource={detail.schema.resource} item={detail.item} backTo={to} backText={back} fields={fields} values={values} thumb={thumb} below={below} actions={actions} />
      {children}
      <EditDialog detail={detail} onSaved={onSaved} />
    </div>
  );
}
