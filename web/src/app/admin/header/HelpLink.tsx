// Where to get help with the back office.
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export function HelpLink() {
  const { t } = useTranslation();
  return (
    <Popover trigger="click" placement="bottomRight" title={t('admin.helpTitle')} content={<p className="sf-admin__help">{t('admin.helpBody')}</p>}>
      <Tooltip title={t('admin.help')}>
        <Button type="text" shape="circle" aria-label={t('admin.help')} icon={<QuestionCircleOutlined />} />
      </Tooltip>
    </Popover>
  );
}
