/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { deferredStyles } from './scripts/deferred-styles.ts';
import { precompress } from './scripts/precompress.ts';

const backend = process.env.SHOPFLOOR_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), deferredStyles(), bundleBudget(), precompress()],
  base: '/',
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|react-toastify|clsx)[\\/]/,
            },
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
});
