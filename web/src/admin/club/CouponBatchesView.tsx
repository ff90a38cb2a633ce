// Coupons: the kit's `coupon-batches` list (publish / archive on every row) with a thumbnail; a batch opens
// its own screen (codes, import, generate, mark used).
import { BarcodeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import { ClubThumb } from '../resources/ClubThumb';

const cells = { image: (v: unknown) => <ClubThumb id={v} /> };

export function CouponBatchesView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/coupons/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <Tooltip title={t('clubAdmin.batch.manage')}>
        <Button type="text" size="small" icon={<BarcodeOutlined />} aria-label={t('clubAdmin.batch.manageItem', { title: itemTitle(schema, item) })} onClick={() => open(item)} />
      </Tooltip>
    ),
    [t, open],
  );
  return <PublishableList resource="coupon-batches" cells={cells} onOpen={open} extraActions={extraActions} />;
}
