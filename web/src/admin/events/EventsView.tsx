// The lists of /admin/events and /admin/socialclub: the kit resource with publish / archive, each row opening
// the item's screen (attendees, check-in).
import { TeamOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import type { ScreenProps } from '../resources/pages';

export function EventsView({ page }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`${page.path}/${encodeURIComponent(item.id)}`), [navigate, page.path]);
  const extraActions = useCallback<RowActions>(
    (item) => [{ key: 'attendees', label: t('eventsAdmin.attendees'), icon: <TeamOutlined />, testId: 'event-manage', run: () => open(item) }],
    [t, open],
  );
  return <PublishableList resource={page.resource!} onOpen={open} extraActions={extraActions} />;
}
