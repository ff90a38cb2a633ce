import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import thMain from './th.json';
import enMain from './en.json';
import learningTh from './learning.th.json';
import learningEn from './learning.en.json';
import engageTh from './engage.th.json';
import engageEn from './engage.en.json';
import serverTh from './server.th.json';
import serverEn from './server.en.json';

// The user app's catalog per language: the shell's strings plus one file per area (top-level keys never
// overlap; catalogs.test.ts checks). server.*.json (`serverCode`) translates the server's error messages by code
// (lib/serverMessages.ts); the back office uses it too, so it is loaded here, not with the admin chunk.
export const userCatalogs = {
  th: [thMain, learningTh, engageTh, serverTh] as Record<string, unknown>[],
  en: [enMain, learningEn, engageEn, serverEn] as Record<string, unknown>[],
};
const th = Object.assign({}, ...userCatalogs.th);
const en = Object.assign({}, ...userCatalogs.en);

export const LOCALES = ['th', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';
const STORAGE_KEY = 'shopfloor.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLocale(): Locale {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

void i18n.use(initReactI18next).init({
  resources: { th: { translation: th }, en: { translation: en } },
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function reflect(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
reflect(i18n.language);
i18n.on('languageChanged', (lng) => {
  reflect(lng);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lng);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export default i18n;
