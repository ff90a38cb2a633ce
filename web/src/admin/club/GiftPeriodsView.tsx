// New year gifts: the kit's `gift-periods` list (publish / archive on every row); a period opens its own
// screen (options, picks, close).
import { GiftOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';

export function GiftPeriodsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/gifts/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <Tooltip title={t('clubAdmin.period.manage')}>
        <Button type="text" size="small" icon={<GiftOutlined />} aria-label={t('clubAdmin.period.manageItem', { title: itemTitle(schema, item) })} onClick={() => open(item)} />
      </Tooltip>
    ),
    [t, open],
  );
  return <PublishableList resource="gift-periods" onOpen={open} extraActions={extraActions} />;
}
