// The pieces every "children of one item" screen shares (OrderedChildrenCard and screens of their own): a
// row's edit and remove buttons, and the add / edit forms with the parent fixed.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from './publishing';
import { ResourceForm } from './ResourceForm';
import type { Item, ResourceSchema } from './schema';

/** The remove button's texts: its label, the confirmation, the confirm button and the toast after. */
export interface RemoveTexts {
  label: string;
  confirm: string;
  ok: string;
  done: string;
}

export function ChildRowActions({ resource, item, title, remove, onEdit, onRemoved }: { resource: string; item: Item; title: string; remove: RemoveTexts; onEdit: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('resource.edit')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('resource.editItem', { title })} onClick={onEdit} />
      </Tooltip>
      <DeleteConfirm resource={resource} id={item.id} title={remove.confirm} okText={remove.ok} doneText={remove.done} onSettled={onRemoved}>
        <Tooltip title={remove.label}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('resource.deleteItem', { title })} />
        </Tooltip>
      </DeleteConfirm>
    </>
  );
}

/** The add and edit forms of a child, its parent reference fixed (e.g. {poll: id}). */
export function ChildForms({ resource, fixed, adding, editing, onCloseAdd, onCloseEdit, onSaved }: { resource?: ResourceSchema; fixed: Record<string, string>; adding: boolean; editing?: Item; onCloseAdd: () => void; onCloseEdit: () => void; onSaved: () => void }) {
  if (!resource) return null;
  return (
    <>
      <ResourceForm resource={resource} mode="create" open={adding} fixed={fixed} onClose={onCloseAdd} onSaved={onSaved} />
      <ResourceForm resource={resource} mode="edit" item={editing} open={!!editing} fixed={fixed} onClose={onCloseEdit} onSaved={onSaved} />
    </>
  );
}
