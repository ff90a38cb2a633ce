import { useTranslation } from 'react-i18next';
import { currentLocale, type Locale } from '../i18n';
import { useSetLanguage } from '../lib/me';

/** A compact th/en switch for pages without a profile (sign-in, register). */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const setLanguage = useSetLanguage();
  const next: Locale = currentLocale() === 'th' ? 'en' : 'th';
  const label = t(`common.languageName.${next}`);
  return (
    <button
      type="button"
      className={`sf-lang-toggle ${className ?? ''}`}
      lang={next}
      aria-label={t('common.switchLanguageTo', { language: label })}
      onClick={() => void setLanguage(next)}
    >
      {label}
    </button>
  );
}
