// A sticker set's own screen (/admin/stickers/:id): its summary (picture, status, how stickers are earned,
// how many), edit with the generic form, publish / archive, and its stickers in order.
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { FieldValue } from '../resources/fields';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { Count } from './parts';
import { SetStickers } from './SetStickers';
import { Summary } from './Summary';

const RESOURCE = 'sticker-sets';

export function StickerSetEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const set = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);

  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
  };

  const s = set.data;
  const title = s ? String(s.name ?? '') : t('admin.menu.stickers');
  const canUpdate = !!schema.resource?.canUpdate;
  const rule = schema.resource?.fields.find((f) => f.name === 'rule');

  if (set.isError) return <MissingItemPage page={page} title={t('admin.menu.stickers')} backTo="/admin/stickers" backText={t('recognitionAdmin.set.back')} />;

  return (
    <div className="sf-admin-page sf-rec-detail">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.stickers'), to: '/admin/stickers' }} title={title} />
      <Summary
        resource={schema.resource}
        item={s}
        backTo="/admin/stickers"
        backText={t('recognitionAdmin.set.back')}
        facts={s ? [...(rule ? [{ key: 'rule', value: <FieldValue field={rule} value={s.rule} /> }] : []), { key: 'stickersCount', value: <Count value={s.stickersCount} /> }] : []}
        actions={
          s && canUpdate ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('recognitionAdmin.set.edit')}</Button>
              <StatusActions resource={RESOURCE} item={s} title={title} size="middle" text />
            </>
          ) : null
        }
      />
      {id ? <SetStickers setId={id} onChanged={refresh} /> : null}
      {schema.resource && s ? <ResourceForm resource={schema.resource} mode="edit" item={s} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
