// Draws the app's install icons (public/icons/*.png) from public/favicon.svg with the same Chromium the e2e
// suite uses (no network). Run again when the logo changes: node scripts/make-icons.mjs
// The maskable icon keeps the logo inside the 80 % safe zone on the brand colour, so a launcher's circle or
// squircle mask never cuts it.
import { chromium } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
for (const [name, size, maskable] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['maskable-512.png', 512, true]]) {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable ? Math.round(size * 0.8) : size;
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${maskable ? '#0b6e5f' : 'transparent'}">` +
      `<img src="${data}" width="${inner}" height="${inner}"></body></html>`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  await page.screenshot({ path: new URL(name, out).pathname, omitBackground: !maskable });
}
await browser.close();
