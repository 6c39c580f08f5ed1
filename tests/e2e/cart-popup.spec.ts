/** The cart popup's rules (docs/api.md): when it opens and closes, its size, timing and list. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { stopTime } from './clock.ts';
import { addBand, addPair, addToCart, cartLink, hydrated, openCartPopup, popup, stonesFor } from './cart-support.ts';

// @desktop: hover and keyboard journeys need a mouse; @mobile: taps are for touch screens (playwright.config.ts).
test('opens on hover at 350×475+ with a 325px list, fades in over 250 ms and out over 100 ms when the pointer leaves @desktop', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'cart-popup hover');
  await addBand(page);
  const cart = await addToCart(page, { ids: [stone!.id] });
  // The page's timers run on a paused clock that only the test moves: the grace period below is passed,
  // not slept through, and a slow machine's pauses between mouse steps cannot run it out.
  await stopTime(page);
  await page.goto('/');
  await hydrated(page);
  await expect(popup(page)).toBeHidden();

  await cartLink(page).hover();
  const box = popup(page).locator('section');
  await expect(box).toBeVisible();
  await expect(popup(page)).toHaveCSS('transition-duration', '0.25s, 0.25s, 0s');
  await expect(box.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Remove All' })).toBeVisible();
  await expect(box.getByText('Estimated Total')).toBeVisible();
  await expect(box.locator('[data-cart-popup-total]')).toHaveText(cart.formated_grand_total);
  await expect(box.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await expect(box.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  // Measured once the 250 ms fade-in has ended; sizes to the hundredth of a pixel (layout is subpixel).
  await expect(popup(page)).toHaveCSS('opacity', '1');
  await expect(popup(page)).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  const size = await box.boundingBox();
  expect(size!.width).toBeCloseTo(350, 1);
  expect(size!.height).toBeGreaterThanOrEqual(474.99);
  expect((await box.locator('[data-cart-popup-list]').boundingBox())!.height).toBeCloseTo(325, 1);
  await expect(cartLink(page)).toHaveAttribute('aria-expanded', 'true');

  // Moving from the link into the popup keeps it open (past the grace period).
  await page.mouse.move(size!.x + 175, size!.y + 200, { steps: 5 });
  await page.clock.runFor(300);
  await expect(box).toBeVisible();

  await page.mouse.move(200, 700, { steps: 5 });
  await page.clock.runFor(300);
  await expect(popup(page)).toHaveCSS('transition-duration', '0.1s, 0.1s, 0s');
  await expect(box).toBeHidden();
  await expect(cartLink(page)).toHaveAttribute('aria-expanded', 'false');
});

test('opens on keyboard focus, lets Tab into it, and closes on Escape or when focus moves on @desktop', async ({ page }) => {
  await addBand(page);
  await page.goto('/');
  await hydrated(page);
  await cartLink(page).focus();
  await expect(popup(page).locator('section')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(popup(page).getByRole('button', { name: 'Remove All' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup(page).locator('section')).toBeHidden();
  await expect(cartLink(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(cartLink(page)).toBeFocused();
  await expect(popup(page).locator('section')).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(popup(page).locator('section')).toBeHidden();
});

test('opens on a tap of the cart icon on a phone, and closes on a tap elsewhere @mobile', async ({ page }) => {
  await addBand(page);
  await page.goto('/');
  await hydrated(page);
  await cartLink(page).tap();
  await expect(popup(page).locator('section')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(popup(page)).toHaveCSS('opacity', '1');
  const box = (await popup(page).locator('section').boundingBox())!;
  expect(box.width).toBeCloseTo(350, 1);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.touchscreen.tap(20, 780);
  await expect(popup(page).locator('section')).toBeHidden();
});

test('opens on the open-cart-popup window event', async ({ page }) => {
  await addBand(page);
  await page.goto('/');
  await hydrated(page);
  await openCartPopup(page);
  await expect(popup(page).locator('section')).toBeVisible();
  await expect(popup(page).locator('[data-line-card]')).toHaveCount(1);
});

test('shows only once the cart data has loaded', async ({ page }) => {
  await addBand(page);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/api/checkout/cart', async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  await page.goto('/');
  await hydrated(page);
  // The event alone: the cart read it makes is held back on purpose.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-cart-popup')));
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(cartLink(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(popup(page)).toBeHidden();
  await expect(popup(page).locator('section')).toHaveCount(0);
  release();
  await expect(popup(page).locator('section')).toBeVisible();
});

test('lists lines grouped by build-your-own id, the pair together', async ({ page }, testInfo) => {
  const [lone, centre] = stonesFor(testInfo, 'cart-popup groups');
  await addBand(page);
  await addToCart(page, { ids: [lone!.id] });
  const cart = await addPair(page, centre!.id);
  await page.goto('/');
  await hydrated(page);
  await openCartPopup(page);
  const list = popup(page).locator('[data-cart-popup-list]');
  await expect(list.locator(':scope > li')).toHaveCount(3);
  const pair = list.locator('li[data-byo-group]');
  await expect(pair).toHaveCount(1);
  await expect(pair).toHaveAttribute('data-byo-group', cart.items[0].byo_id);
  await expect(pair.locator('[data-line-card]')).toHaveCount(2);
  await expect(pair.locator('[data-line-card]').first()).toContainText(cart.items[0].product.name);
  await expect(pair.locator('[data-line-card]').nth(1)).toContainText(/Carat .*Diamond/);
  const card = list.locator('li').last().locator('[data-line-card]');
  // A 60px circle.
  expect(await card.locator('img').evaluate((img) => parseFloat(getComputedStyle(img).borderRadius))).toBeGreaterThanOrEqual(30);
  expect((await card.locator('img').boundingBox())!.width).toBe(60);
  await expect(card).toContainText('SKU: ');
  await expect(card).toContainText('Qty: 1');
  await expectNoAxeViolations(page);
});
