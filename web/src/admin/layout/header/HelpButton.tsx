// The top bar's help: a short note on how the back office works.
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PopoverButton } from './PopoverButton';

export function HelpButton() {
  const { t } = useTranslation();
  return <PopoverButton label={t('admin.help')} title={t('admin.helpTitle')} icon={<QuestionCircleOutlined />} content={<p className="sf-admin__help">{t('admin.helpBody')}</p>} />;
}
