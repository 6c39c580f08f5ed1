/** The wishlist journeys: the header badge, moving to the cart, removing, moving everything. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { band, cartLink, events, hydrated, recordEvents, setting, stonesFor } from './cart-support.ts';

test('the wishlist lists products, diamonds and pairs; entries move to the cart or go', async ({ page }, testInfo) => {
  const stones = stonesFor(testInfo, 'wishlist page');
  const [lone, centre] = [stones[0]!, stones[1]!];
  const add = async (path: string, data: object) => expect((await page.request.post(path, { data })).status()).toBe(200);
  await add(`/api/wishlist/add/${band.id}`, { selected_configurable_option: band.variants[1]!.id, selected_size: '7' });
  await add(`/api/wishlist/add/${lone.id}`, {});
  await add('/api/wishlist/add-byo', {
    ids: [centre.id, setting.id],
    is_byo: true,
    quantity: 1,
    selected_configurable_option: setting.variants[0]!.id,
    selected_size: '7',
  });
  await recordEvents(page);
  await page.goto('/wishlist');
  await hydrated(page);
  const entries = page.locator('main [data-wishlist-entry]');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText('Build your own ring');
  await expect(entries.first().locator('[data-line-card]')).toHaveCount(2);
  const desktop = testInfo.project.name === 'desktop';
  if (desktop) await expect(page.locator('[data-wishlist-link] [data-count-badge]')).toHaveText('3');
  await expectNoAxeViolations(page);

  const diamondName = (await entries.nth(1).locator('[data-line-card] a').innerText()).trim();
  await page.getByRole('button', { name: `Move to Cart ${diamondName}` }).click();
  await expect(entries).toHaveCount(2);
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');
  if (desktop) await expect(page.locator('[data-wishlist-link] [data-count-badge]')).toHaveText('2');
  expect(await events(page, 'show-snackbar')).toEqual([{ message: 'Item moved to your cart', severity: 'success' }]);

  await page.getByRole('button', { name: `Remove ${setting.name}`, exact: true }).click();
  await expect(entries).toHaveCount(1);
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Move All to Cart' }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('2');
  if (desktop) await expect(page.locator('[data-wishlist-link] [data-count-badge]')).toBeHidden();
  expect((await events(page, 'show-snackbar')).at(-1)).toEqual({ message: 'All items moved to your cart', severity: 'success' });
  await expectNoAxeViolations(page);
});

test('a wishlist change in one tab shows in the other', async ({ page, context }, testInfo) => {
  const stones = stonesFor(testInfo, 'wishlist tabs');
  const [a, b] = [stones[0]!, stones[1]!];
  await page.request.post(`/api/wishlist/add/${a.id}`, { data: {} });
  await page.request.post(`/api/wishlist/add/${b.id}`, { data: {} });
  const other = await context.newPage();
  await Promise.all([page.goto('/wishlist'), other.goto('/wishlist')]);
  await Promise.all([hydrated(page), hydrated(other)]);
  await expect(other.locator('main [data-wishlist-entry]')).toHaveCount(2);
  await page
    .getByRole('button', { name: /^Remove \d/ })
    .first()
    .click();
  await expect(page.locator('main [data-wishlist-entry]')).toHaveCount(1);
  await expect(other.locator('main [data-wishlist-entry]')).toHaveCount(1);
});
