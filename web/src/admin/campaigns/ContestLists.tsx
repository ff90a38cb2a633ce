// The two lists of the contest engine's one kit resource `campaigns`: /admin/campaigns (kind campaign) and
// /admin/campaigns/votenames (kind naming), each a PublishableList with its kind fixed (filtered, set on create).
import { TrophyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import { listPath, type ContestKind } from './logic';

function ContestList({ kind }: { kind: ContestKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fixed = useMemo(() => ({ kind }), [kind]);
  const open = useCallback((item: Item) => navigate(`${listPath(kind)}/${encodeURIComponent(item.id)}`), [navigate, kind]);
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <Tooltip title={t('campaignsAdmin.manage')}>
        <Button type="text" size="small" icon={<TrophyOutlined />} aria-label={t('campaignsAdmin.manageItem', { title: itemTitle(schema, item) })} onClick={() => open(item)} data-testid="contest-manage" />
      </Tooltip>
    ),
    [t, open],
  );
  return <PublishableList resource="campaigns" fixed={fixed} onOpen={open} extraActions={extraActions} />;
}

export const CampaignsView = () => <ContestList kind="campaign" />;
export const NamingView = () => <ContestList kind="naming" />;
