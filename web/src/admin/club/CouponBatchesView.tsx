// Coupons: the kit's `coupon-batches` list (publish / archive on every row) with a thumbnail; a batch opens
// its own screen (codes, import, generate, mark used).
import { BarcodeOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import { ClubThumb } from '../resources/ClubThumb';

const cells = { image: (v: unknown) => <ClubThumb id={v} /> };

export function CouponBatchesView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/coupons/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback<RowActions>(
    (item) => [{ key: 'codes', label: t('clubAdmin.batch.manage'), icon: <BarcodeOutlined />, run: () => open(item) }],
    [t, open],
  );
  return <PublishableList resource="coupon-batches" cells={cells} onOpen={open} extraActions={extraActions} />;
}
