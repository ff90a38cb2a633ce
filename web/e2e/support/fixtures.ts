import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo#2026';

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL not set: global-setup did not start a server');
    await use(url);
  },
});

export { expect };

/** Signs in through the app's own /login screen (Thai UI by default). */
export async function signInAs(page: Page, identifier: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.locator('#identifier').fill(identifier);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
}

export function tabLink(page: Page, key: 'learning' | 'stores' | 'main' | 'club' | 'profile') {
  return page.locator(`nav a[data-tab="${key}"]`);
}
