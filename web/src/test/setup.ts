import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalog, loadServerMessages } from '../i18n';

// findBy* / waitFor wait up to 5 s, not 1 s: an antd dialog's validation took longer than a second while the
// whole suite ran on a loaded 2-core machine (RedemptionsView's reject test failed so). A wrong screen still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The app fetches English only when it is chosen (i18n/index.ts); tests switch languages with i18next directly,
// so the catalog is in from the start, as it is in the app once `changeLanguage('en')` has run.
await Promise.all([loadCatalog('en'), loadServerMessages('th'), loadServerMessages('en')]);
