// The polls list (/admin/votes): the kit resource `polls` with publish / archive, each row opening its screen.
import { BarChartOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';

export function PollsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/votes/${encodeURIComponent(item.id)}`), [navigate]);
  const extraActions = useCallback<RowActions>(
    (item) => [{ key: 'results', label: t('pollsAdmin.manage'), icon: <BarChartOutlined />, testId: 'poll-manage', run: () => open(item) }],
    [t, open],
  );
  return <PublishableList resource="polls" onOpen={open} extraActions={extraActions} />;
}
