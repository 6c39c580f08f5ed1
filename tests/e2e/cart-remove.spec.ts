/** The remove confirmation dialog (docs/api.md), the unavailable overlay and the 99+ badge. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { addBand, addToCart, band, cartLink, events, hydrated, openCartPopup, popup, recordEvents, setDiamondStatus, stonesFor } from './cart-support.ts';

test.beforeEach(({ page }) => recordEvents(page));

test('Remove All asks first, then empties the cart with a success snackbar', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'remove all');
  await addBand(page);
  await addToCart(page, { ids: [stone!.id] });
  await page.goto('/');
  await hydrated(page);
  await openCartPopup(page);
  await popup(page).getByRole('button', { name: 'Remove All' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove All Items' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to remove all Products from the cart?');
  const width = (await dialog.boundingBox())!.width;
  expect(width).toBe(testInfo.project.name === 'mobile' ? 390 - 32 : 400);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(popup(page).locator('[data-line-card]')).toHaveCount(2);
  expect(await events(page, 'show-snackbar')).toEqual([]);

  await popup(page).getByRole('button', { name: 'Remove All' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(popup(page).getByText('Your cart is empty.')).toBeVisible();
  await expect(popup(page).locator('[data-cart-popup-total]')).toHaveText('$0.00');
  // The shell's badge stays in the markup, hidden, at zero.
  await expect(cartLink(page).locator('[data-count-badge]')).toBeHidden();
  expect(await events(page, 'show-snackbar')).toEqual([{ message: 'All items have been removed from your cart', severity: 'success' }]);
  expect(await events(page, 'enable-add')).toEqual([]);
});

test('Remove Item asks first, removes the line, fires enable-add and a success snackbar', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'remove item');
  await addBand(page);
  const cart = await addToCart(page, { ids: [stone!.id] });
  const diamond = cart.items.find((i: { product_id: number }) => i.product_id === stone!.id);
  await page.goto('/');
  await hydrated(page);
  await openCartPopup(page);
  await popup(page)
    .getByRole('button', { name: `Remove ${diamond.product.name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Item' });
  await expect(dialog).toContainText('Are you sure you want to remove this product from the cart?');
  await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Remove']);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(popup(page).locator('[data-line-card]')).toHaveCount(1);
  await expect(popup(page).locator('[data-line-card]')).toContainText(band.name);
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');
  expect(await events(page, 'show-snackbar')).toEqual([{ message: 'Item removed from your cart', severity: 'success' }]);
  expect(await events(page, 'enable-add')).toEqual([{ product_id: stone!.id, byo_id: null }]);
});

test('a failed removal closes the dialog with an error snackbar carrying the server message in shopper words', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'failed removal');
  const cart = await addToCart(page, { ids: [stone!.id] });
  await page.goto('/');
  await hydrated(page);
  await openCartPopup(page);
  await expect(popup(page).locator('[data-line-card]')).toHaveCount(1);
  // Another tab (outside this page's knowledge) removed it already.
  await page.request.delete('/api/checkout/cart/delete-items', { data: { data: { cart_id: cart.id, product_id: stone!.id } } });
  await popup(page)
    .getByRole('button', { name: /^Remove .*Diamond$/ })
    .click();
  await page.getByRole('alertdialog', { name: 'Remove Item' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  // The server's message, without its field key (src/lib/shopper-text.ts).
  expect(await events(page, 'show-snackbar')).toEqual([{ message: 'This item is not in your cart', severity: 'error' }]);
  expect(await events(page, 'enable-add')).toEqual([]);
});

test('a stone sold after it was added is covered by the unavailable overlay, with a Remove button', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'sold overlay');
  setDiamondStatus(stone!.id, 'available');
  await addBand(page);
  await addToCart(page, { ids: [stone!.id] });
  setDiamondStatus(stone!.id, 'sold');
  await page.goto('/cart');
  await hydrated(page);
  const line = page.locator('main [data-cart-line]').filter({ hasText: 'This item is no longer available!' });
  await expect(line).toHaveCount(1);
  await expect(line.locator('[data-unavailable-overlay]')).toHaveCSS('background-color', /(\/ 0\.\d+|, 0\.\d+)\)$/);
  await expect(page.getByText('Remove the items that are no longer available to check out.')).toBeVisible();
  // The subtotal counts what it prices: the band, not the sold stone.
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('Subtotal (1 item)');
  await expect(summary.locator('[data-cart-total]')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(band.variants[0]!.price_cents / 100),
  );
  await expectNoAxeViolations(page);
  await openCartPopup(page);
  await expect(popup(page).getByText('This item is no longer available!')).toBeVisible();
  // Its red words sit below the faded card (name, choices, price), never on it (popup and page alike).
  for (const scope of [popup(page), page.locator('main')]) {
    const sold = scope.locator('[data-cart-line]').filter({ hasText: 'This item is no longer available!' });
    const card = (await sold.locator('[data-line-card]').first().boundingBox())!;
    const words = (await sold.getByText('This item is no longer available!').boundingBox())!;
    expect(words.y).toBeGreaterThanOrEqual(card.y + card.height);
  }
  await page.keyboard.press('Escape');
  await line.locator('[data-unavailable-overlay]').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Item' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.locator('main [data-cart-line]')).toHaveCount(1);
  await expect(page.getByText('This item is no longer available!')).toHaveCount(0);
});

test('the badge shows 99+ for a cart of 100 lines', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const stones = stonesFor(testInfo, 'badge 99+');
  await addToCart(page, { ids: [stones[0]!.id] });
  for (let i = 1; i < stones.length; i += 11) {
    await Promise.all(stones.slice(i, i + 11).map((s) => addToCart(page, { ids: [s.id] })));
  }
  await page.goto('/');
  await hydrated(page);
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('99+');
  await expect(cartLink(page)).toHaveAccessibleName(/Cart\s*, 100 items/);
  // The badge fits inside the screen (at 390 the cart icon sits at its right edge).
  const box = (await cartLink(page).locator('[data-count-badge]').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.request.delete('/api/checkout/cart/delete-items', {
    data: { data: { cart_id: (await (await page.request.get('/api/checkout/cart')).json()).data.id, product_id: stones[0]!.id } },
  });
  await page.reload();
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('99');
});
