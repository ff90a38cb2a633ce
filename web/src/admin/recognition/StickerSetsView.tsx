// Sticker sets (/admin/stickers): the kit's `sticker-sets` list (publish / archive on every row) with the
// set's picture; a set opens its own screen with its stickers.
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useResourceSchema } from '../resources/data';
import { PublishableList } from '../resources/PublishableList';
import { useItemScreens } from '../resources/itemScreens';
import { Count, Thumb } from './parts';

const cells = { image: (v: unknown) => <Thumb id={v} />, stickersCount: (v: unknown) => <Count value={v} /> };

/** The columns while the server's schema names none (its `listColumns` win once declared). */
const COLUMNS = ['image', 'name', 'rule', 'stickersCount', 'status'];

export function StickerSetsView() {
  const { t } = useTranslation();
  const { resource } = useResourceSchema('sticker-sets');
  const columns = resource?.listColumns?.length ? undefined : COLUMNS;
  const screens = useItemScreens('/admin/stickers', { key: 'stickers', label: t('recognitionAdmin.set.manage'), icon: <AppstoreOutlined /> });
  return (
    <div className="sf-rec-admin">
      <PublishableList resource="sticker-sets" columns={columns} cells={cells} {...screens} />
    </div>
  );
}
