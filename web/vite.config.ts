/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const backend = process.env.SHOPFLOOR_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
