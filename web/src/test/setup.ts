import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalog } from '../i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The app fetches English only when it is chosen (i18n/index.ts); tests switch languages with i18next directly,
// so the catalog is in from the start, as it is in the app once `changeLanguage('en')` has run.
await loadCatalog('en');
