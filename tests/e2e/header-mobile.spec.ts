/** The mobile header (390 wide): rotating banner, bar, drawer with tiles, search, accordion and contacts. */
import { expect, test, type Page } from '@playwright/test';
import { stopTime } from './clock.ts';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const openDrawer = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer(page)).toBeVisible();
};

test.describe('mobile header @mobile', () => {
  test('shows the banner, the hamburger, the logo, a phone icon and the cart, and pads the page by 88px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header[data-site-header]');
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(header.getByRole('link', { name: /^AURELLE/ })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Call us on +1 (212) 555-0148' })).toHaveAttribute('href', 'tel:+12125550148');
    await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.locator('[data-banner="desktop"]')).toBeHidden();
    expect((await header.boundingBox())!.height).toBe(88);
    await expect(page.locator('main')).toHaveCSS('padding-top', '88px');
  });

  test('rotates the top banner one item every 3000 ms', async ({ page }) => {
    await stopTime(page);
    await page.goto('/');
    const items = page.locator('[data-banner="mobile"] [data-banner-item]');
    await expect(items).toHaveCount(3);
    const visible = page.locator('[data-banner="mobile"] [data-banner-item]:visible');
    await expect(visible).toHaveText('Complimentary insured shipping and 30-day returns on every order');
    await page.clock.runFor(2900);
    await expect(visible).toHaveText('Complimentary insured shipping and 30-day returns on every order');
    await page.clock.runFor(100);
    await expect(visible).toHaveText('Every diamond independently graded by GIA, IGI, AGS or HRD');
    await page.clock.runFor(3000);
    await expect(visible).toHaveText('Lifetime warranty and free resizing within 60 days');
    await page.clock.runFor(3000);
    await expect(visible).toHaveText('Complimentary insured shipping and 30-day returns on every order');
  });

  test('opens a drawer 80% of the viewport wide with Profile and Wishlist tiles, the menu button and contacts', async ({ page }) => {
    await page.goto('/');
    await openDrawer(page);
    const d = drawer(page);
    await expect.poll(async () => (await d.boundingBox())?.x).toBe(0);
    expect((await d.boundingBox())!.width).toBe(312);
    await expect(d.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(d.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/customer');
    await expect(d.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(d.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/book-appointment');
    await expect(d.getByRole('link', { name: '+1 (212) 555-0148' })).toHaveAttribute('href', 'tel:+12125550148');
    await expect(d.getByRole('link', { name: 'concierge@aurelle.example' })).toHaveAttribute('href', 'mailto:concierge@aurelle.example');
    await d.getByRole('button', { name: 'Close menu' }).click();
    await expect(d).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await openDrawer(page);
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();
  });

  test('keeps one accordion section open at a time; a tap on the open one collapses it', async ({ page }) => {
    await page.goto('/');
    await openDrawer(page);
    const d = drawer(page);
    const rings = d.locator('details[data-root="10"]');
    const diamonds = d.locator('details[data-root="20"]');
    await expect(d.getByRole('link', { name: 'Halo' })).toBeHidden();
    await d.getByText('Engagement Rings', { exact: true }).click();
    await expect(rings).toHaveAttribute('open', '');
    await expect(d.getByRole('link', { name: 'Halo' })).toBeVisible();
    await d.getByText('Diamonds', { exact: true }).click();
    await expect(diamonds).toHaveAttribute('open', '');
    await expect(rings).not.toHaveAttribute('open');
    await expect(d.getByRole('link', { name: 'Halo' })).toBeHidden();
    await expect(d.getByRole('link', { name: 'Oval' })).toBeVisible();
    await expect(d.locator('details[open]')).toHaveCount(1);
    await d.getByText('Diamonds', { exact: true }).click();
    await expect(diamonds).not.toHaveAttribute('open');
    await expect(d.locator('details[open]')).toHaveCount(0);
  });

  test('searches from the drawer only with more than 2 characters', async ({ page }) => {
    await page.goto('/about-us');
    await openDrawer(page);
    const input = drawer(page).getByRole('searchbox', { name: 'Search the shop' });
    await input.fill('ab');
    await input.press('Enter');
    await expect(drawer(page).getByText('Type at least 3 characters to search.')).toBeVisible();
    await expect(page).toHaveURL(/\/about-us$/);
    await input.fill(' oval ');
    await drawer(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=oval$/);
  });

  test('past 20px of scroll the header gains elevation and hides the banner', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('[data-banner="mobile"]');
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 30));
    await expect(banner).toBeHidden();
    await expect(page.locator('header[data-site-header]')).not.toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(banner).toBeVisible();
  });
});
