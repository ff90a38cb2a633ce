// The polls list (/admin/votes): the kit resource `polls` with publish / archive, each row opening its screen.
import { BarChartOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';

export function PollsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/votes/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <Tooltip title={t('pollsAdmin.manage')}>
        <Button
          type="text"
          size="small"
          icon={<BarChartOutlined />}
          aria-label={t('pollsAdmin.manageItem', { title: itemTitle(schema, item) })}
          onClick={() => open(item)}
          data-testid="poll-manage"
        />
      </Tooltip>
    ),
    [t, open],
  );
  return <PublishableList resource="polls" onOpen={open} extraActions={extraActions} />;
}
