// The Learning tab's "My courses" (issue 29 replaced antd-mobile's Tabs with a plain WAI-ARIA tablist): the
// three lists by tap and by arrow keys, each tab saying how many it holds, the panel following the tab.
import { expect, expectTallTarget, signInAs, test } from './support/fixtures';

test('My courses switches between in progress, mandatory and completed by tap and by arrow keys', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await page.goto('/learning');
  const tabs = page.getByTestId('my-courses').getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const completed = page.getByRole('tab', { name: /^เรียนจบแล้ว \(\d+\)$/ });
  await completed.click();
  await expect(completed).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'my-courses-tab-completed');
  // Each tab is a full-height target, and only the chosen one is in the tab order.
  for (const tab of await tabs.all()) await expectTallTarget(tab);
  await expect(page.getByTestId('my-courses').locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await completed.press('ArrowLeft');
  const mandatory = page.getByRole('tab', { name: /^ภาคบังคับ \(\d+\)$/ });
  await expect(mandatory).toHaveAttribute('aria-selected', 'true');
  await expect(mandatory).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'my-courses-tab-mandatory');
  await mandatory.press('ArrowRight');
  await expect(completed).toHaveAttribute('aria-selected', 'true');
});
