// The lists of /admin/events and /admin/socialclub: the kit resource with publish / archive, each row opening
// the item's screen (attendees, check-in).
import { TeamOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import type { ScreenProps } from '../resources/pages';

export function EventsView({ page }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`${page.path}/${encodeURIComponent(item.id)}`), [navigate, page.path]);
  const extraActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <Tooltip title={t('eventsAdmin.attendees')}>
        <Button
          type="text"
          size="small"
          icon={<TeamOutlined />}
          aria-label={t('eventsAdmin.attendeesOf', { title: itemTitle(schema, item) })}
          onClick={() => open(item)}
          data-testid="event-manage"
        />
      </Tooltip>
    ),
    [t, open],
  );
  return <PublishableList resource={page.resource!} onOpen={open} extraActions={extraActions} />;
}
