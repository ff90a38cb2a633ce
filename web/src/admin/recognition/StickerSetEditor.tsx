// A sticker set's own screen (/admin/stickers/:id): its summary (picture, status, how stickers are earned,
// how many), edit with the generic form, publish / archive, and its stickers in order.
import { useTranslation } from 'react-i18next';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { Count, Thumb } from './parts';
import { SetStickers } from './SetStickers';

const RESOURCE = 'sticker-sets';

export function StickerSetEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const detail = useItemDetail(RESOURCE, t('admin.menu.stickers'), { titleField: 'name' });
  const { id, item: s } = detail;

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('recognitionAdmin.set.back')}
      className="sf-rec-detail"
      thumb={<Thumb id={s?.image} size={56} />}
      fields={['rule', 'stickersCount']}
      values={{ stickersCount: <Count value={s?.stickersCount} /> }}
      actions={<EditActions detail={detail} text={t('recognitionAdmin.set.edit')} />}
    >
      {id ? <SetStickers setId={id} onChanged={detail.refresh} /> : null}
    </ItemDetailScreen>
  );
}
