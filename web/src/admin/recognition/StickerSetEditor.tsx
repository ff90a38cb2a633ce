// A sticker set's own screen (/admin/stickers/:id): its summary (picture, status, how stickers are earned,
// how many), edit with the generic form, publish / archive, and its stickers in order.
import { useTranslation } from 'react-i18next';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { EditActions, EditDialog, useItemDetail } from '../resources/ItemDetail';
import { DetailSummary } from '../resources/DetailSummary';
import type { AdminPage } from '../resources/pages';
import { Count, Thumb } from './parts';
import { SetStickers } from './SetStickers';

const RESOURCE = 'sticker-sets';

export function StickerSetEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const detail = useItemDetail(RESOURCE, t('admin.menu.stickers'), { titleField: 'name' });
  const { id, schema, item: s } = detail;

  if (detail.query.isError) return <MissingItemPage page={page} title={t('admin.menu.stickers')} backTo="/admin/stickers" backText={t('recognitionAdmin.set.back')} />;

  return (
    <div className="sf-admin-page sf-rec-detail">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.stickers'), to: '/admin/stickers' }} title={detail.title} />
      <DetailSummary
        resource={schema.resource}
        item={s}
        backTo="/admin/stickers"
        backText={t('recognitionAdmin.set.back')}
        thumb={<Thumb id={s?.image} size={56} />}
        fields={['rule', 'stickersCount']}
        values={{ stickersCount: <Count value={s?.stickersCount} /> }}
        actions={<EditActions detail={detail} text={t('recognitionAdmin.set.edit')} />}
      />
      {id ? <SetStickers setId={id} onChanged={detail.refresh} /> : null}
      <EditDialog detail={detail} />
    </div>
  );
}
