// Home's bell: the unread count (live over the realtime socket), a tap opens /notifications.
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveUnread, useUnreadCount } from '../../lib/notices';
import { badgeLabel } from '../../lib/noticesLogic';

export function Bell() {
  const { t } = useTranslation();
  const { data: unread } = useUnreadCount();
  useLiveUnread();
  const label = badgeLabel(unread);
  return (
    <Link
      to="/notifications"
      className="sf-bell"
      data-testid="notification-bell"
      data-unread={unread ?? 0}
      aria-label={label ? t('notices.bellUnread', { count: unread ?? 0 }) : t('notices.bell')}
    >
      <BellOutline aria-hidden="true" />
      {label ? <span className="sf-bell__badge" aria-hidden="true">{label}</span> : null}
    </Link>
  );
}
