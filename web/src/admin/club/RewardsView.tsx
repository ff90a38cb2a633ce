// Redeem › Rewards: the kit's `rewards` list (publish / archive on every row) with a thumbnail and the
// stock action. Stock is set once on create; afterwards it moves only through the audited stock action.
import { DatabaseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import { ClubThumb } from '../resources/ClubThumb';
import { StockDialog } from './StockDialog';

const cells = { image: (v: unknown) => <ClubThumb id={v} /> };

export function RewardsView() {
  const { t } = useTranslation();
  const [stockOf, setStockOf] = useState<Item | undefined>();
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) =>
      schema.canUpdate ? (
        <Tooltip title={t('clubAdmin.stock.action')}>
          <Button
            type="text"
            size="small"
            icon={<DatabaseOutlined />}
            aria-label={t('clubAdmin.stock.actionFor', { title: itemTitle(schema, item) })}
            data-testid={`stock-${item.id}`}
            onClick={() => setStockOf(item)}
          />
        </Tooltip>
      ) : null,
    [t],
  );
  return (
    <>
      <PublishableList resource="rewards" cells={cells} extraActions={extraActions} />
      <StockDialog reward={stockOf} onClose={() => setStockOf(undefined)} />
    </>
  );
}
