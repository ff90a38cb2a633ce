// New year gifts: the kit's `gift-periods` list (publish / archive on every row); a period opens its own
// screen (options, picks, close).
import { GiftOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';

export function GiftPeriodsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/gifts/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback<RowActions>(
    (item) => [{ key: 'options', label: t('clubAdmin.period.manage'), icon: <GiftOutlined />, run: () => open(item) }],
    [t, open],
  );
  return <PublishableList resource="gift-periods" onOpen={open} extraActions={extraActions} />;
}
