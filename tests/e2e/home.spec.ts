import { expect, test } from '@playwright/test';
import { copyright, expectNoAxeViolations } from './support.ts';

test('the home page shows the brand, its shapes and its pieces', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Aurelle/);
  await expect(page.locator('header').getByRole('link', { name: /^AURELLE/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A diamond as singular as your story');
  await expect(page.getByRole('link', { name: 'Oval' })).toHaveAttribute('href', /df_shape=oval/);
  await expect(page.getByText('Classic Six-Prong Solitaire')).toBeVisible();
  await expect(page.locator('footer')).toContainText(copyright('Aurelle'));
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectNoAxeViolations(page);
});

test('the not-found page has no accessibility violations', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expectNoAxeViolations(page);
});
