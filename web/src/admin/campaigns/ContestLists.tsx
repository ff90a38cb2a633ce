// The two lists of the contest engine's one kit resource `campaigns`: /admin/campaigns (kind campaign) and
// /admin/campaigns/votenames (kind naming), each a PublishableList with its kind fixed (filtered, set on create).
import { TrophyOutlined } from '@ant-design/icons';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import { listPath, type ContestKind } from './logic';

function ContestList({ kind }: { kind: ContestKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fixed = useMemo(() => ({ kind }), [kind]);
  const open = useCallback((item: Item) => navigate(`${listPath(kind)}/${encodeURIComponent(item.id)}`), [navigate, kind]);
  const extraActions = useCallback<RowActions>(
    (item) => [{ key: 'entries', label: t('campaignsAdmin.manage'), icon: <TrophyOutlined />, testId: 'contest-manage', run: () => open(item) }],
    [t, open],
  );
  return <PublishableList resource="campaigns" fixed={fixed} onOpen={open} extraActions={extraActions} />;
}

export const CampaignsView = () => <ContestList kind="campaign" />;
export const NamingView = () => <ContestList kind="naming" />;
