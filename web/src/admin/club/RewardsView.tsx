// Redeem › Rewards: the kit's `rewards` list (publish / archive on every row) with a thumbnail and the
// stock action. Stock is set once on create; afterwards it moves only through the audited stock action.
import { DatabaseOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import { ClubThumb } from '../resources/ClubThumb';
import { StockDialog } from './StockDialog';

const cells = { image: (v: unknown) => <ClubThumb id={v} /> };

export function RewardsView() {
  const { t } = useTranslation();
  const [stockOf, setStockOf] = useState<Item | undefined>();
  const extraActions = useCallback<RowActions>(
    (item, schema) => [schema.canUpdate && { key: 'stock', label: t('clubAdmin.stock.action'), icon: <DatabaseOutlined />, testId: `stock-${item.id}`, run: () => setStockOf(item) }],
    [t],
  );
  return (
    <>
      <PublishableList resource="rewards" cells={cells} extraActions={extraActions} />
      <StockDialog reward={stockOf} onClose={() => setStockOf(undefined)} />
    </>
  );
}
