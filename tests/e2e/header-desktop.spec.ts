/** The desktop header (1280 wide): three bands, collapsible search, mega menu, scroll behaviour. */
import { expect, test, type Page } from '@playwright/test';

const header = (page: Page) => page.locator('header[data-site-header]');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('desktop header @desktop', () => {
  test('has the banner strip, the main band and the menu band, and pads the page by 185px', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('[data-banner="desktop"]');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Complimentary insured shipping and 30-day returns on every order');
    await expect(banner).toContainText('Lifetime warranty and free resizing within 60 days');
    const h = header(page);
    await expect(h.getByRole('link', { name: '+1 (212) 555-0148' })).toHaveAttribute('href', 'tel:+12125550148');
    await expect(h.getByRole('link', { name: 'Book an Appointment' }).first()).toHaveAttribute('href', '/book-appointment');
    await expect(h.getByRole('link', { name: /^AURELLE/ })).toHaveAttribute('href', '/');
    await expect(h.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(h.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await expect(h.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/customer');
    await expect(h.locator('#header-cart-link [data-count-badge="cart"]')).toBeHidden();
    await expect(nav(page).getByRole('button', { name: 'Engagement Rings' })).toBeVisible();
    const pill = nav(page).getByRole('link', { name: 'Book an Appointment' });
    expect(await pill.evaluate((el) => parseFloat(getComputedStyle(el).borderTopLeftRadius))).toBeGreaterThan(100);
    expect((await h.boundingBox())!.height).toBe(185);
    await expect(page.locator('main')).toHaveCSS('padding-top', '185px');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test('search expands and takes focus on the first click, and submits only non-empty text', async ({ page }) => {
    await page.goto('/about-us');
    const input = page.getByRole('searchbox', { name: 'Search the shop' });
    await expect(input).toBeHidden();
    await page.getByRole('button', { name: 'Open search' }).click();
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await input.press('Enter');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Submit search' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(input).toBeFocused();
    await input.fill('halo');
    await page.getByRole('button', { name: 'Submit search' }).click();
    await expect(page).toHaveURL(/\/search\?q=halo$/);
    await page.goto('/about-us');
    await page.getByRole('button', { name: 'Open search' }).click();
    await input.fill('  oval ');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=oval$/);
  });

  test('Escape or leaving the empty field folds the search away', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('searchbox', { name: 'Search the shop' });
    await page.getByRole('button', { name: 'Open search' }).click();
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();
  });

  test('hovering a root opens its full-width mega menu, at least 300px tall; leaving closes it', async ({ page }) => {
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Diamonds' });
    const panel = page.locator('#mega-panel-20');
    await expect(panel).toBeHidden();
    await trigger.hover();
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(300);
    expect(box.x).toBe(0);
    expect(box.width).toBe(1280);
    await expect(panel.getByText('Shop by shape')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Oval' })).toHaveAttribute('href', '/diamonds/oval');
    await expect(panel.getByRole('link', { name: 'Lab-grown diamonds' })).toHaveAttribute('href', '/diamonds?df_origin=lab_grown');
    // Moving across the band switches menus; moving down into the menu keeps it.
    await nav(page).getByRole('button', { name: 'Wedding Bands' }).hover();
    await expect(panel).toBeHidden();
    const bands = page.locator('#mega-panel-30');
    await expect(bands).toBeVisible();
    await bands.getByRole('link', { name: 'Rose Gold' }).hover();
    await expect(bands).toBeVisible();
    await page.mouse.move(640, 880);
    await expect(bands).toBeHidden();
    await expect(page.locator('[data-mega-panel]:visible')).toHaveCount(0);
  });

  test('a click opens the mega menu to stay; a second click, a click elsewhere or Escape closes it', async ({ page }) => {
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Engagement Rings' });
    const panel = page.locator('#mega-panel-10');
    await trigger.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Halo' })).toHaveAttribute('href', '/engagement-rings/halo');
    await trigger.click();
    await expect(panel).toBeHidden();
    await trigger.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(640, 10);
    await expect(panel).toBeHidden();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Solitaire' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a click on a link in the mega menu closes it and follows the link', async ({ page }) => {
    await page.goto('/about-us');
    await nav(page).getByRole('button', { name: 'Engagement Rings' }).click();
    await page.locator('#mega-panel-10').getByRole('link', { name: 'Halo' }).click();
    await expect(page).toHaveURL(/\/engagement-rings\/halo$/);
    await expect(page.locator('[data-mega-panel]:visible')).toHaveCount(0);
  });

  test('past 20px of scroll the header gains elevation and hides the banner', async ({ page }) => {
    await page.goto('/');
    const h = header(page);
    const banner = page.locator('[data-banner="desktop"]');
    await expect(h).toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo(0, 15));
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 30));
    await expect(banner).toBeHidden();
    await expect(h).toHaveAttribute('data-scrolled', '');
    await expect(h).not.toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(banner).toBeVisible();
    await expect(h).toHaveCSS('box-shadow', 'none');
  });
});
