/**
 * A ring is never ordered without its size: the wishlist keeps a ring saved without one, and
 * its Move to Cart asks for the size in place (by keyboard) before the ring reaches the cart; the API
 * refuses the add without it (422 naming selected_size).
 */
import { expect, test } from '@playwright/test';
import { band, cartLink, hydrated, setting, stonesFor } from './cart-support.ts';
import { fits } from '../support/catalog-fixtures.ts';

test('the API refuses a ring into the cart without its size', async ({ page }) => {
  const res = await page.request.post('/api/checkout/cart/add', { data: { ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id } });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({ code: 'size_required', errors: { selected_size: [expect.any(String)] } });
  expect((await (await page.request.get('/api/checkout/cart')).json()).data.items).toEqual([]);
});

test('a ring saved without its size asks for it in place as it moves from the wishlist to the cart', async ({ page }, testInfo) => {
  const centre = stonesFor(testInfo, 'ring size').find(fits(setting))!;
  const add = async (path: string, data: object) => expect((await page.request.post(path, { data })).status()).toBe(200);
  await add(`/api/wishlist/add/${band.id}`, { selected_configurable_option: band.variants[0]!.id });
  await add('/api/wishlist/add-byo', { ids: [centre.id, setting.id], is_byo: true, quantity: 1, selected_configurable_option: setting.variants[0]!.id });
  await page.goto('/wishlist');
  await hydrated(page);
  const entries = page.locator('main [data-wishlist-entry]');
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: band.name })).toContainText('Ring size to choose when it moves to your cart');

  // Move All leaves both rings where they are, saying why.
  await page.getByRole('button', { name: 'Move All to Cart' }).click();
  await expect(page.locator('[data-snackbar-message]')).toHaveText('0 of 2 items moved to your cart');
  await expect(entries).toHaveCount(2);
  await expect(cartLink(page).locator('[data-count-badge]')).toBeHidden();

  // The band: Move to Cart opens the size picker, focused; nothing chosen is refused in words.
  const move = page.getByRole('button', { name: `Move to Cart ${band.name}`, exact: true });
  await move.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: `Ring size for ${band.name}` });
  await expect(form.getByLabel('Ring size (US)')).toBeFocused();
  await form.getByRole('button', { name: /^Move to Cart/ }).press('Enter');
  await expect(form.getByRole('alert')).toHaveText('Choose a ring size, or enter a custom size');
  await form.getByLabel('Ring size (US)').selectOption('6.5');
  await form.getByRole('button', { name: /^Move to Cart/ }).press('Enter');
  await expect(entries).toHaveCount(1);
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');

  // The pair: a custom size typed in place.
  await page.getByRole('button', { name: `Move to Cart ${setting.name}`, exact: true }).click();
  const pairForm = page.getByRole('form', { name: `Ring size for ${setting.name}` });
  await pairForm.getByLabel('Or a custom size').fill('7 1/4');
  await pairForm.getByLabel('Or a custom size').press('Enter');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await page.goto('/cart');
  await expect(page.locator('main').getByText('Size 6.5')).toBeVisible();
  const pair = page.locator('main li[data-byo-group]');
  await expect(pair).toContainText('Custom size 7.25');
});
