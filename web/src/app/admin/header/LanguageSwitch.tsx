// One click to the other language (Thai ⇄ English); saved on the account so every device follows.
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, type Locale } from '../../../i18n';
import { useSetLanguage } from '../../../lib/me';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const setLanguage = useSetLanguage();
  const other: Locale = currentLocale() === 'th' ? 'en' : 'th';
  return (
    <Tooltip title={t('common.switchLanguageTo', { language: t(`common.languageName.${other}`) })}>
      <Button type="text" shape="circle" aria-label={t('admin.switchLanguage')} icon={<TranslationOutlined />} onClick={() => void setLanguage(other)} />
    </Tooltip>
  );
}
