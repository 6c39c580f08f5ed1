/** The footer built from the footer root entry. */
import { expect, test } from '@playwright/test';
import { copyright } from './support.ts';

test('shows the columns, headings and items of the footer entry, with hrefs under the base URL', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('heading', { level: 2 })).toHaveText(['Shop', 'Customer care', 'Stay in touch']);
  // shop.json writes these without a leading slash: the footer adds it.
  await expect(footer.getByRole('link', { name: 'Engagement rings' })).toHaveAttribute('href', '/engagement-rings');
  await expect(footer.getByRole('link', { name: 'Wedding bands' })).toHaveAttribute('href', '/wedding-bands');
  await expect(footer.getByRole('link', { name: 'Shipping & returns' })).toHaveAttribute('href', '/shipping-and-returns');
  await expect(footer.getByRole('link', { name: 'Loose diamonds' })).toHaveAttribute('href', '/diamonds');
  await expect(footer.locator('[data-footer-image] img')).toHaveAttribute('src', '/images/diamonds/round.svg');
  await expect(footer.locator('[data-footer-spacer]')).toHaveCount(1);
  await expect(footer.getByText('Be the first to see new collections')).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(footer).toContainText(copyright('Aurelle. All rights reserved.'));
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
});

test('footer links lead to the content pages', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Shipping & returns' }).click();
  await expect(page).toHaveURL(/\/shipping-and-returns$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping & Returns');
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});
