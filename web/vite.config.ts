/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bootTabBar } from './scripts/boot-tab-bar.ts';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { deferredStyles } from './scripts/deferred-styles.ts';
import { directImports } from './scripts/direct-imports.ts';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { firstScreen } from './scripts/first-screen.ts';
import { precompress } from './scripts/precompress.ts';
import { staffPrecache } from './scripts/staff-precache.ts';
import { tokens } from './src/theme/tokens.ts';

const backend = process.env.SHOPFLOOR_API ?? 'http://localhost:8080';
const precache = staffPrecache();
// The first screens in a few files (scripts/first-screen-chunks.ts), from first-screen.json's lazyScreens: Home's
// lazy parts left as they are, every other route's screen (the lazy tabs: Stories, Learning, Club, Profile)
// grouped, in the order listed there.
const { lazyScreens } = JSON.parse(readFileSync(new URL('./first-screen.json', import.meta.url), 'utf8')) as { lazyScreens: Record<string, string[]> };
const homeParts = lazyScreens['/main'] ?? [];
const tabScreens = [...new Set(Object.values(lazyScreens).flat())].filter((file) => !homeParts.includes(file));
const firstChunks = firstScreenChunks(fileURLToPath(new URL('.', import.meta.url)), tabScreens, homeParts);

// The installable staff app (issue 30; docs/PWA.md): the manifest, and the service worker web/sw/sw.ts with
// the staff app's files precached. It is registered by src/app/pwa/register.ts once the first screen is up.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/main',
    name: 'Shopfloor',
    short_name: 'Shopfloor',
    description: 'เรียนรู้ สะสมแต้ม และร่วมกิจกรรมของพนักงานร้าน',
    lang: 'th',
    dir: 'ltr',
    start_url: '/main',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: tokens.color.brand,
    background_color: tokens.color.surface,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png,webp}', 'favicon.svg', 'icons/*.png'],
    manifestTransforms: [precache.transform],
    // pdf.js and the video player are staff chunks too: precached like the rest.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

export default defineConfig(({ command }) => ({
  plugins: [directImports(), react(), firstChunks.plugin, bootTabBar(), deferredStyles(), bundleBudget(), firstScreen(), precache.plugin, pwa, precompress()],
  base: '/',
  // react-router's package exports name only its development bundle (warnings, checks: remix-run/react-router
  // #14753), so the build would ship it: the production bundle beside it is the same API without them.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] } : {},
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false, ws: true },
      '/media': backend,
      '/_image': backend,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Libraries shared by the user app and the back office, in their own long-cached chunk, so a
        // deploy that only changes our code doesn't make every phone download React again. antd stays
        // in the lazy admin chunk; antd-mobile stays with the user app.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            ...firstChunks.groups(15),
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
