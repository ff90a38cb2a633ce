// Home's messages icon beside the bell: the unread messages (announcements and head office's replies), live
// over the realtime socket; a tap opens /messager/. Light: only the count module, never the messages chunk.
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeLabel } from '../../lib/noticesLogic';
import { useLiveMessages, useMessagesUnread } from '../../lib/messages/unread';

export function HomeMessages() {
  const { t } = useTranslation();
  const { data } = useMessagesUnread();
  useLiveMessages();
  const unread = data?.unread ?? 0;
  const label = badgeLabel(unread);
  return (
    <Link
      to="/messager/"
      className="sf-bell"
      data-testid="home-messages"
      data-unread={unread}
      aria-label={label ? t('home.messages.unread', { count: unread }) : t('home.messages.label')}
    >
      <MailOutline aria-hidden="true" />
      {label ? <span className="sf-bell__badge" aria-hidden="true">{label}</span> : null}
    </Link>
  );
}
