/** The /cart screen and the stores shared by islands and tabs. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { addBand, addPair, addToCart, band, cartLink, hydrated, openCartPopup, popup, recordEvents, setting, stonesFor } from './cart-support.ts';

test('the cart page shows every line, the pair together, quantities, totals and the way to checkout', async ({ page }, testInfo) => {
  const [centre] = stonesFor(testInfo, 'cart page');
  await addBand(page);
  const cart = await addPair(page, centre!.id);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart');
  const pair = page.locator('main li[data-byo-group]');
  await expect(pair.locator('[data-line-card]')).toHaveCount(2);
  await expect(pair).toContainText(setting.name);
  await expect(pair).toContainText('Build your own ring');
  await expect(page.locator('[data-cart-total]')).toHaveText(cart.formated_grand_total);
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('combobox', { name: `Quantity of ${setting.name}` })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: `Quantity of ${band.name}` }).selectOption('3');
  const expected = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cart.grand_total + (2 * band.variants[0]!.price_cents) / 100);
  await expect(page.locator('[data-cart-total]')).toHaveText(expected);
  // The header popup follows the same store.
  await openCartPopup(page);
  await expect(popup(page).locator('[data-cart-popup-total]')).toHaveText(expected);
});

test('an empty cart page says so and has no accessibility violations', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.locator('main').getByText('Your cart is empty.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('another open tab follows a removal without reloading', async ({ page, context }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'other tab');
  await addBand(page);
  await addToCart(page, { ids: [stone!.id] });
  const other = await context.newPage();
  await other.goto('/cart');
  await page.goto('/');
  await Promise.all([hydrated(page), hydrated(other)]);
  await expect(other.locator('main [data-cart-line]')).toHaveCount(2);
  await expect(cartLink(other).locator('[data-count-badge]')).toHaveText('2');
  await recordEvents(page);
  await openCartPopup(page);
  await popup(page)
    .getByRole('button', { name: /^Remove .*Diamond$/ })
    .click();
  await page.getByRole('alertdialog', { name: 'Remove Item' }).getByRole('button', { name: 'Remove' }).click();
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');
  await expect(cartLink(other).locator('[data-count-badge]')).toHaveText('1');
  await expect(other.locator('main [data-cart-line]')).toHaveCount(1);
  await expect(other.locator('main')).toContainText(band.name);
});

test('an add-to-cart form works without JavaScript and lands on the cart', async ({ browser }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'no javascript');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // A product page's form, as the catalogue renders it (served here by the test, posting to the real server).
  const form = `<!doctype html><title>Ring</title><form method="post" action="/api/checkout/cart/add"><input type="hidden" name="ids" value="${stone!.id}"><input type="hidden" name="quantity" value="1"><button>Add</button></form>`;
  await page.route('**/test-product-form', (route) => route.fulfill({ body: form, contentType: 'text/html' }));
  await page.goto('/test-product-form');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('main [data-cart-line]')).toHaveCount(1);
  await context.close();
});
