// The top bar's notifications: a bell and its (for now always empty) list.
import { BellOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PopoverButton } from './PopoverButton';

export function NotificationsButton() {
  const { t } = useTranslation();
  return (
    <PopoverButton
      label={t('admin.notifications')}
      title={t('admin.notifications')}
      icon={<BellOutlined />}
      content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noNotifications')} />}
    />
  );
}
