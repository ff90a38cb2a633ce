// What every publishable area's rows share: publish / archive quick actions on the item as it is now, and a
// delete behind a confirmation. The server's kit gives the status and its actions (resources/traits.hpp).
import { CheckCircleOutlined, InboxOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { deleteItem, updateItem, useInvalidateResource } from './data';
import type { RowAction } from './rowActions';
import type { Item } from './schema';

/** One-field intents (publish, archive, hide) apply to the item as it is now: fetch its version first. */
export function usePatchNow(resource: string) {
  const invalidate = useInvalidateResource();
  const { t } = useTranslation();
  return async (id: string, body: Record<string, unknown>, done?: string): Promise<Item | undefined> => {
    try {
      const fresh = await api<Item>(`/api/admin/${resource}/${encodeURIComponent(id)}`);
      const saved = await updateItem(resource, id, { ...body, version: fresh.version });
      if (done) notify.success(done);
      return saved;
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 422 ? Object.values(e.fields).join(' ') || e.message : e instanceof ApiError ? e.message : t('resource.saveFailed'));
      return undefined;
    } finally {
      void invalidate(resource);
    }
  };
}

/** Publish (draft / archived → published) or archive (published → archived), as an entry of a row's actions. */
export function useStatusAction(resource: string) {
  const { t } = useTranslation();
  const patch = usePatchNow(resource);
  return (item: Item, title: string): RowAction =>
    item.status === 'published'
      ? { key: 'archive', label: t('learnAdmin.archive'), icon: <InboxOutlined />, testId: 'row-archive', run: () => patch(item.id, { status: 'archived' }, t('learnAdmin.archived', { title })) }
      : {
          key: 'publish',
          label: t('learnAdmin.publish'),
          icon: item.status === 'archived' ? <RollbackOutlined /> : <CheckCircleOutlined />,
          testId: 'row-publish',
          run: () => patch(item.id, { status: 'published' }, t('learnAdmin.published', { title })),
        };
}

/** Publish or archive as a button (an item's own screen). */
export function StatusActions({ resource, item, title, size = 'small', text = false }: { resource: string; item: Item; title: string; size?: 'small' | 'middle'; text?: boolean }) {
  const { t } = useTranslation();
  const patch = usePatchNow(resource);
  const [busy, setBusy] = useState(false);
  const run = async (status: string, done: string) => {
    setBusy(true);
    await patch(item.id, { status }, done);
    setBusy(false);
  };
  if (item.status === 'published')
    return (
      <Tooltip title={text ? undefined : t('learnAdmin.archive')}>
        <Button type={text ? 'default' : 'text'} size={size} icon={<InboxOutlined />} loading={busy} aria-label={t('learnAdmin.archiveItem', { title })} onClick={() => void run('archived', t('learnAdmin.archived', { title }))}>
          {text ? t('learnAdmin.archive') : null}
        </Button>
      </Tooltip>
    );
  return (
    <Tooltip title={text ? undefined : t('learnAdmin.publish')}>
      <Button type={text ? 'primary' : 'text'} size={size} icon={item.status === 'archived' ? <RollbackOutlined /> : <CheckCircleOutlined />} loading={busy} aria-label={t('learnAdmin.publishItem', { title })} onClick={() => void run('published', t('learnAdmin.published', { title }))}>
        {text ? t('learnAdmin.publish') : null}
      </Button>
    </Tooltip>
  );
}

/** A delete behind a confirmation: deletes `id` of `resource`, says `doneText` (or why it failed), then `onSettled`. */
export function DeleteConfirm({
  resource,
  id,
  title,
  okText,
  doneText,
  onSettled,
  children,
}: {
  resource: string;
  id: string;
  title: string;
  okText: string;
  doneText: string;
  onSettled: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await deleteItem(resource, id);
          notify.success(doneText);
        } catch (e) {
          notify.error(e instanceof ApiError ? e.message : t('resource.deleteFailed'));
        } finally {
          onSettled();
        }
      }}
    >
      {children}
    </Popconfirm>
  );
}
