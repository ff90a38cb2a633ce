// Coupons: the kit's `coupon-batches` list (publish / archive on every row) with a thumbnail; a batch opens
// its own screen (codes, import, generate, mark used).
import { BarcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PublishableList } from '../resources/PublishableList';
import { useItemScreens } from '../resources/itemScreens';
import { ClubThumb } from '../resources/ClubThumb';

const cells = { image: (v: unknown) => <ClubThumb id={v} /> };

export function CouponBatchesView() {
  const { t } = useTranslation();
  const screens = useItemScreens('/admin/coupons', { key: 'codes', label: t('clubAdmin.batch.manage'), icon: <BarcodeOutlined /> });
  return <PublishableList resource="coupon-batches" cells={cells} {...screens} />;
}
