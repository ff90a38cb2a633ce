// The top bar's language button: switches the UI (and the account's language) to the other language.
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, type Locale } from '../../../i18n';
import { useSetLanguage } from '../../../lib/me';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const setLanguage = useSetLanguage();
  const otherLocale: Locale = currentLocale() === 'th' ? 'en' : 'th';
  return (
    <Tooltip title={t('common.switchLanguageTo', { language: t(`common.languageName.${otherLocale}`) })}>
      <Button
        type="text"
        shape="circle"
        aria-label={t('admin.switchLanguage')}
        icon={<TranslationOutlined />}
        onClick={() => void setLanguage(otherLocale)}
      />
    </Tooltip>
  );
}
