// What the club's component tests need around antd in jsdom: the back-office strings, media queries, and
// patient async queries (antd dialogs are slow in jsdom). Imported by tests only.
import { configure } from '@testing-library/react';
import i18n from '../i18n';
import adminEn from '../i18n/admin.en.json';
import adminTh from '../i18n/admin.th.json';

export function prepareAdminTestEnv(): void {
  configure({ asyncUtilTimeout: 8000 });
  i18n.addResourceBundle('th', 'translation', adminTh, true, false);
  i18n.addResourceBundle('en', 'translation', adminEn, true, false);
  if (!window.matchMedia)
    window.matchMedia = ((q: string) => ({
      matches: false,
      media: q,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
}
