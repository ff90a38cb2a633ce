// PDPA rights end to end against the real server (issue 34): on a 390x844 phone a person downloads their data
// from the profile's Privacy card (a ZIP holding index.json and their profile); at 1440x900 an admin erases a
// disabled person from the users list, confirming with the name typed, and the list shows them erased.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desk, expect, expectTallTarget, openAdmin, phone, rowAction, test } from './support/fixtures';

const shots = process.env.SHOTS_DIR ?? '/work/shots/pdpa';

test.describe('PDPA', () => {
  test.setTimeout(120_000);

  test('download my data from the profile (390x844); an admin erases a person (1440x900)', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const password = 'Privacy#2026';
    const admin = await desk(browser, 'ADMIN01');
    const store = await admin.api.storeId('BKK01');
    const code = `PDPA${run}`;
    const name = `ข้อมูล ${run}`;
    const person = await admin.api.create('users', { employeeCode: code, name, role: 'staff', status: 'active', store, password, locale: 'th' });

    const page = await phone(browser, code, password);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'ข้อมูลส่วนตัว' });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'profile-privacy-390.png'), fullPage: true });
    const button = card.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' });
    await expectTallTarget(button);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^shopfloor-data-me-\d{4}-\d\d-\d\d\.zip$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdpa-e2e-'));
    const zip = path.join(dir, 'data.zip');
    await download.saveAs(zip);
    const profile = JSON.parse(execFileSync('unzip', ['-p', zip, 'profile.json']).toString()) as Array<{ id: string; employee_code: string }>;
    expect(profile).toEqual([expect.objectContaining({ id: person.id, employee_code: code })]);
    expect(execFileSync('unzip', ['-l', zip]).toString()).toContain('index.json');
    await page.context().close();

    // The admin: disable, then erase with the name typed.
    await admin.api.send('POST', `/api/admin/users/${person.id}/disable`, {});
    const desktop = admin.page;
    await openAdmin(desktop, '/admin/users');
    await desktop.getByLabel('ค้นหาผู้ใช้งาน').fill(code);
    const row = desktop.getByRole('row', { name: new RegExp(code) });
    await expect(row).toHaveCount(1);
    await rowAction(desktop, row, 'user-erase');
    const dialog = desktop.getByRole('dialog', { name: `ลบข้อมูลส่วนบุคคลของ ${name}?` });
    await expect(dialog).toBeVisible();
    const ok = dialog.getByRole('button', { name: 'ลบถาวร' });
    await expect(ok).toBeDisabled();
    await dialog.getByLabel(`พิมพ์ ${name} เพื่อยืนยัน`).fill(name);
    await expect(ok).toBeEnabled();
    await desktop.screenshot({ path: path.join(shots, 'admin-erase-1440.png') });
    const erased = desktop.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${person.id}/erase`));
    await ok.click();
    expect((await erased).status()).toBe(200);
    await expect(dialog).toBeHidden();
    // Their code is gone with the rest: the list filtered by it finds no one now.
    await expect(desktop.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
    const after = await admin.api.get<{ name: string; employeeCode: string }>(`/api/admin/users/${person.id}`);
    expect([after.name, after.employeeCode]).toEqual(['ลบแล้ว · Erased', `erased-${person.id}`]);
    await desktop.screenshot({ path: path.join(shots, 'admin-erased-1440.png') });
  });
});
