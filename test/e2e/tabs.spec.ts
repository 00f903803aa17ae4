/**
 * The view tabs from the keyboard (WAI-ARIA tabs pattern: one tab in the Tab order, arrows,
 * Home and End) and in a narrow window, where they wrap instead of widening the page.
 */
import { expect, runExample, test } from './host.js';

test('the view tabs follow the arrow keys, Home and End, and label their panel', async ({ page, host }) => {
  await runExample(page, host.url);
  const tabs = page.getByRole('tablist', { name: 'Views' });
  const audit = tabs.getByRole('tab', { name: 'Audit' });
  await expect(audit).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.locator('[tabindex="0"]')).toHaveCount(1);
  await audit.focus();
  await page.keyboard.press('ArrowRight');
  const decisions = tabs.getByRole('tab', { name: 'Decisions' });
  await expect(decisions).toHaveAttribute('aria-selected', 'true');
  await expect(decisions).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Decisions' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Requests' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Summary' })).toBeFocused();
});

test('in a 900-pixel window the tabs wrap and the page is no wider than the window', async ({ page, host }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await runExample(page, host.url);
  await expect(page.getByRole('tab', { name: 'Requests' })).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
});
