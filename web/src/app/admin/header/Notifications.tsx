// The bell: the signed-in person's own notifications (the same API and live count as the staff app's bell),
// newest first in a dropdown; a click marks one read and follows its link.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveUnread, useMarkAllRead, useMarkRead, useNoticeList, useUnreadCount } from '../../../lib/notices';
import { noticeText, safeLink, type NoticeItem } from '../../../lib/noticesLogic';

function NoticeList({ onOpen }: { onOpen: (n: NoticeItem) => void }) {
  const { t } = useTranslation();
  const list = useNoticeList();
  const items = list.data?.pages[0]?.items ?? [];
  if (list.isLoading) return <Spin size="small" />;
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noNotifications')} />;
  return (
    <List
      size="small"
      style={{ width: 340, maxHeight: 420, overflowY: 'auto' }}
      dataSource={items}
      renderItem={(n) => {
        const text = noticeText(n);
        return (
          <List.Item
            data-testid="admin-notice"
            style={{ cursor: 'pointer', fontWeight: n.read ? 400 : 600 }}
            onClick={() => onOpen(n)}
          >
            <List.Item.Meta
              avatar={<Badge status={n.read ? 'default' : 'processing'} />}
              title={t(text.key, text.values)}
              description={new Date(n.createdAt).toLocaleString()}
            />
          </List.Item>
        );
      }}
    />
  );
}

export function Notifications() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data: unread = 0 } = useUnreadCount();
  useLiveUnread();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const openNotice = (n: NoticeItem) => {
    if (!n.read) markRead.mutate(n);
    const link = safeLink(n.link);
    if (link) {
      setOpen(false);
      void navigate(link);
    }
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <Typography.Text strong>{t('admin.notifications')}</Typography.Text>
          {unread ? (
            <Button size="small" type="link" loading={markAll.isPending} onClick={() => markAll.mutate()}>
              {t('notices.markAllRead')}
            </Button>
          ) : null}
        </span>
      }
      content={open ? <NoticeList onOpen={openNotice} /> : null}
    >
      <Tooltip title={t('admin.notifications')}>
        <Badge count={unread} size="small" overflowCount={99} offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            data-testid="admin-notification-bell"
            data-unread={unread}
            aria-label={unread ? t('notices.bellUnread', { count: unread }) : t('admin.notifications')}
            icon={<BellOutlined />}
          />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
