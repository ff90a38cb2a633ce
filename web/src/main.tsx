import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/500.css';
import '@fontsource/noto-sans-thai/700.css';
// antd-mobile's CSS variables: its index imported them, and the build imports its components directly
// (scripts/direct-imports.ts).
import 'antd-mobile/es/global';
import './styles/global.css';
import { i18nReady, loadServerMessages } from './i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareFirstScreen } from './app/App';
import { whenIdle } from './lib/idle';
import { applyCssVariables } from './theme/tokens';

applyCssVariables();

/** The build's stylesheets, preloaded by index.html instead of blocking its first paint (scripts/deferred-styles.ts):
 * applied in their order; resolves once every one has loaded (or failed), so the app never draws unstyled. */
function applyPreloadedStyles(): Promise<unknown> {
  const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[data-sf-style]')];
  return Promise.all(
    preloaded.map(
      (pre) =>
        new Promise((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          if (pre.crossOrigin !== null) sheet.crossOrigin = pre.crossOrigin;
          sheet.href = pre.href;
          sheet.onload = sheet.onerror = resolve;
          document.head.append(sheet);
        }),
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// Until then index.html's own loading screen (the same as LoadingScreen) stays on screen. The first render is a
// transition: React renders it in slices, yielding to the browser, instead of one long task on a slow phone.
// A device set to English fetches that catalog alongside the stylesheets (i18n/index.ts). The session, the ad
// check and a lazy tab's chunk and first reads are in before the first render too (app/App.tsx
// prepareFirstScreen), so it draws the screen, not the loading screen (lib/lazyScreen.ts: nor a fallback).
void Promise.all([applyPreloadedStyles(), i18nReady, prepareFirstScreen(location.pathname)]).then(([, , first]) =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App first={first} />
      </StrictMode>,
    ),
  ),
);
// The server's messages in the UI language, once the first screen is up: an error then finds them in.
whenIdle(() => void loadServerMessages());
