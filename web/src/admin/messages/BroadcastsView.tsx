// Broadcasts (/admin/messages): the kit's list and editor of the `broadcasts` resource (title, rich text,
// picture, audience), a Send action on drafts (POST /api/admin/broadcasts/:id/send, behind a confirmation:
// a broadcast cannot be edited once sent), the read count beside the recipients, and "Sending 40,000 / 100,000"
// while its delivery rows are still being written (a large audience is delivered by a background job).
import { SendOutlined } from '@ant-design/icons';
import { Progress } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { runAction, useInvalidateResource } from '../resources/data';
import { ResourceView } from '../resources/ResourceView';
import type { Item } from '../resources/schema';
import type { RowAction, RowActions } from '../resources/rowActions';

/** Send a draft to its audience, asked first. */
function useSendAction() {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  return (item: Item): RowAction => ({
    key: 'send',
    label: t('messagesAdmin.send'),
    icon: <SendOutlined />,
    testId: 'broadcast-send',
    confirm: { title: t('messagesAdmin.sendConfirm'), okText: t('messagesAdmin.send') },
    run: async () => {
      try {
        const r = await runAction<{ recipients: number }>('broadcasts', item.id, 'send');
        notify.success(t('messagesAdmin.sent', { count: r.recipients }));
      } catch (e) {
        notify.error(e instanceof ApiError && e.status === 422 ? Object.values(e.fields).join(' ') || e.message : e instanceof ApiError ? e.message : t('messagesAdmin.sendFailed'));
      } finally {
        void invalidate('broadcasts');
      }
    },
  });
}

/** "12 / 40" with a bar: how many of the recipients opened it. */
function ReadCell({ item }: { item: Item }) {
  const { t } = useTranslation();
  const total = Number(item.recipientsCount ?? 0);
  const read = Number(item.readsCount ?? 0);
  if (!total) return <span>—</span>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 120 }} data-testid="broadcast-reads" data-read={read}>
      <Progress percent={Math.round((read * 100) / total)} size="small" showInfo={false} style={{ width: 60, margin: 0 }} />
      {t('messagesAdmin.readOf', { read, total })}
    </span>
  );
}

/** The recipients, or how many of them have it so far while the delivery job runs. */
function RecipientsCell({ item }: { item: Item }) {
  const { t, i18n } = useTranslation();
  const total = Number(item.recipientsCount ?? 0);
  const delivered = Number(item.deliveredCount ?? 0);
  const n = (x: number) => x.toLocaleString(i18n.language);
  if (item.status !== 'sent' || delivered >= total) return <span>{n(total)}</span>;
  return (
    <span data-testid="broadcast-sending" data-delivered={delivered}>
      {t('messagesAdmin.sending', { delivered: n(delivered), total: n(total) })}
    </span>
  );
}

const isDraft = (item: Item) => item.status === 'draft';

export function BroadcastsView() {
  const send = useSendAction();
  const rowActions = useCallback<RowActions>(
    (item, schema) => [item.status === 'draft' && schema.canUpdate && send(item)],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const cells = {
    recipientsCount: (_: unknown, item: Item) => <RecipientsCell item={item} />,
    readsCount: (_: unknown, item: Item) => <ReadCell item={item} />,
  };
  // A sent broadcast is what its recipients read: the server refuses edits (409), so none is offered.
  // Wide enough for "Sending 40,000 / 100,000" (กำลังส่ง …) while a large audience is being delivered.
  return <ResourceView resource="broadcasts" rowActions={rowActions} cells={cells} columnWidths={{ recipientsCount: 210 }} editable={isDraft} />;
}
