// "You said, we did" of one pulse: the kit resource `pulse-updates` filtered to it, added and edited with the
// generic form (the pulse fixed), published or archived with the kit's status actions. Admins write; editors read.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildForms, ChildRowActions } from '../resources/ChildEditing';
import { useInvalidateResource, useList, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import type { Item } from '../resources/schema';

const RESOURCE = 'pulse-updates';

export function PulseUpdates({ pulseId, questions }: { pulseId: string; questions: Record<string, string> }) {
  const { t } = useTranslation();
  const schema = useResourceSchema(RESOURCE);
  const list = useList(RESOURCE, { filters: { pulse: pulseId }, sort: '-createdAt', pageSize: 50 });
  const invalidate = useInvalidateResource();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | undefined>();
  const canWrite = !!schema.resource?.canCreate;
  const refresh = () => void invalidate(RESOURCE);
  const items = list.data?.items ?? [];
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      title={t('pulseAdmin.updates.title')}
      extra={canWrite ? <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="pulse-update-add">{t('pulseAdmin.updates.add')}</Button> : null}
      data-testid="pulse-updates-admin"
    >
      {items.length === 0 && !list.isLoading ? <Empty description={t('pulseAdmin.updates.empty')} /> : null}
      <List
        dataSource={items}
        renderItem={(u) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <StatusActions key="status" resource={RESOURCE} item={u} title={String(u.text ?? '')} size="small" text />,
                    <ChildRowActions key="edit" resource={RESOURCE} item={u} title={String(u.text ?? '')} onEdit={() => setEditing(u)} onRemoved={refresh}
                      remove={{ label: t('pulseAdmin.updates.remove'), confirm: t('pulseAdmin.updates.removeConfirm'), ok: t('pulseAdmin.updates.remove'), done: t('pulseAdmin.updates.removed') }} />,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<>{String(u.text ?? '')} <Tag color={u.status === 'published' ? 'green' : 'default'}>{t(`pulseAdmin.updates.status.${String(u.status)}`)}</Tag></>}
              description={`${questions[String(u.question)] ?? ''}${u.period ? ` · ${String(u.period)}` : ''}`}
            />
          </List.Item>
        )}
      />
      <ChildForms resource={schema.resource} fixed={{ pulse: pulseId }} adding={adding} editing={editing} onCloseAdd={() => setAdding(false)} onCloseEdit={() => setEditing(undefined)} onSaved={refresh} />
    </Card>
  );
}
