// The bell: what needs the administrator's attention (an empty state until the notification centre lands).
import { BellOutlined } from '@ant-design/icons';
import { Button, Empty, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export function Notifications() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('admin.notifications')}
      content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noNotifications')} />}
    >
      <Tooltip title={t('admin.notifications')}>
        <Button type="text" shape="circle" aria-label={t('admin.notifications')} icon={<BellOutlined />} />
      </Tooltip>
    </Popover>
  );
}
