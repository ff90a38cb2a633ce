import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import thMain from './th.json';
import learningTh from './learning.th.json';
import engageTh from './engage.th.json';

// The user app's catalog per language: the shell's strings plus one file per area (top-level keys never
// overlap; catalogs.test.ts checks). Thai, the default, is in the entry; English is its own chunk (en.ts),
// fetched only when chosen: a phone never downloads the language it does not show (issue 29: ~17 KiB gzip off
// the entry). The server's error messages by code (server.*.json, `serverCode`) are a chunk per language too
// (loadServerMessages below): only an error needs them (issue 29: ~8 KiB brotli off the entry).
export const thCatalog = [thMain, learningTh, engageTh] as Record<string, unknown>[];
const th = Object.assign({}, ...thCatalog);

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
  resources: { th: { translation: th } },
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

// The languages not in the entry, and how to fetch each.
const lazyCatalogs: Partial<Record<Locale, () => Promise<Record<string, unknown>[]>>> = {
  en: () => import('./en').then((m) => m.enCatalog),
};
const loaded = new Map<Locale, Promise<void>>();

/** Fetches a language's catalog once (English: its own chunk) and adds it under what the areas' lazy chunks
 * may already have added for that language (their keys never overlap the shell's). */
export function loadCatalog(locale: Locale): Promise<void> {
  const fetchCatalog = lazyCatalogs[locale];
  if (!fetchCatalog) return Promise.resolve();
  let done = loaded.get(locale);
  if (!done) {
    done = fetchCatalog()
      .then((files) => void i18n.addResourceBundle(locale, 'translation', Object.assign({}, ...files), true, false))
      .catch((e: unknown) => {
        loaded.delete(locale); // a failed fetch (offline) is tried again on the next switch
        throw e;
      });
    loaded.set(locale, done);
  }
  return done;
}

// The server's messages per language, each its own chunk (lib/serverMessages.ts reads them).
const serverCatalogs: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  th: () => import('./server.th.json'),
  en: () => import('./server.en.json'),
};
const serverLoaded = new Map<Locale, Promise<void>>();

/** Fetches the server's messages in `locale` once. lib/api.ts awaits it before an error reaches a screen, and
 * the app fetches the UI language's after the first screen, so an error never waits for it in practice. A fetch
 * that fails (offline before the first one) leaves the server's English, and is tried again next time. */
export function loadServerMessages(locale: Locale = currentLocale()): Promise<void> {
  let done = serverLoaded.get(locale);
  if (!done) {
    done = serverCatalogs[locale]()
      .then((m) => void i18n.addResourceBundle(locale, 'translation', m.default, true, false))
      .catch(() => void serverLoaded.delete(locale));
    serverLoaded.set(locale, done);
  }
  return done;
}

/** The one way to switch the language: its catalog first, so no screen ever shows keys or the other language. */
export async function changeLanguage(locale: Locale): Promise<void> {
  await Promise.all([loadCatalog(locale), loadServerMessages(locale)]);
  await i18n.changeLanguage(locale);
}

/** Resolves once the language this device starts in can be drawn (main.tsx waits for it before the first
 * render); if its catalog cannot be fetched, the app starts in Thai. */
export const i18nReady: Promise<void> = loadCatalog(currentLocale()).catch(() => i18n.changeLanguage(DEFAULT_LOCALE).then(() => undefined));

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export default i18n;
