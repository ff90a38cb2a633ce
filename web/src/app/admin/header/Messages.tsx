// The top bar's messages icon: threads waiting for the back office's answer (live over the realtime socket);
// a click opens the inbox.
import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveMessages, useMessagesUnread } from '../../../lib/messages/unread';

export function Messages() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useMessagesUnread();
  useLiveMessages();
  const waiting = data?.threads ?? 0;
  return (
    <Tooltip title={t('admin.messages')}>
      <Badge count={waiting} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<MessageOutlined />}
          onClick={() => void navigate('/admin/messages/inbox')}
          aria-label={waiting ? t('admin.messagesUnread', { count: waiting }) : t('admin.messages')}
          data-testid="admin-messages"
          data-unread={waiting}
        />
      </Badge>
    </Tooltip>
  );
}
