/** Content pages, drafts and previews, the not-found and error screens. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { stopTime } from './clock.ts';

test('a content page renders its Markdown and has no accessibility violations', async ({ page }) => {
  const res = await page.goto('/ring-size-guide');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle('Ring Size Guide | Aurelle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ring Size Guide');
  await expect(page.getByRole('heading', { level: 2, name: 'Size chart' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Circumference (mm)');
  await expectNoAxeViolations(page);
});

test('a draft is not found unless previewPage=true', async ({ page }) => {
  const hidden = await page.goto('/holiday-gift-guide');
  expect(hidden?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  const preview = await page.goto('/holiday-gift-guide?previewPage=true');
  expect(preview?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Holiday Gift Guide');
  await expect(page.getByText('Preview: this page is a draft and is hidden from shoppers.')).toBeVisible();
});

test('any other path is the not-found screen with status 404', async ({ page }) => {
  const res = await page.goto('/the/vault/of/lost/rings');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/');
});

test("the router's error screen reads 'Unexpected Application Error!'", async ({ page }) => {
  const res = await page.goto('/500');
  expect(res?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
});

test('the demo shop (app_demo) sends no page events', async ({ page }) => {
  const collected: string[] = [];
  page.on('request', (r) => r.url().includes('/api/analytics/collect') && collected.push(r.url()));
  await stopTime(page);
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.clock.runFor(10_000);
  await page.goto('/about-us');
  expect(collected).toEqual([]);
});
