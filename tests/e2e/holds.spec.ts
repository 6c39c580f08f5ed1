/** Holding a diamond and saving a search (issue 35): what the holder and another shopper see. */
import { expect, test } from '@playwright/test';
import { e2e, seedCustomer, signInAs } from './account-support.ts';
import { stonesFor } from './cart-support.ts';

// Each journey signs in, renders a diamond page or the listing and the account page: slow on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test('a shopper holds a stone from its page; another shopper sees "On hold until …" and cannot add it', async ({ page, context, browser }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'holds');
  const holder = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, holder.token);
  await page.goto(`/diamonds/${stone!.id}`);
  await page.getByRole('button', { name: 'Hold this diamond' }).click();
  // The page reloads after the hold (a loaded machine takes seconds to render it).
  await expect(page.getByTestId('diamond-hold')).toContainText(/On hold until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/, { timeout: 30_000 });

  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto(`/diamonds/${stone!.id}`);
  await expect(guest.getByTestId('diamond-hold')).toContainText('On hold until');
  await expect(guest.getByRole('button', { name: 'Hold this diamond' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Tell me when it is back' })).toBeVisible();
  const add = await guest.request.post('/api/checkout/cart/add', { data: { ids: [stone!.id], quantity: 1 } });
  expect(add.status()).toBe(409);
  expect((await add.json()).message).toMatch(/^This diamond is on hold for another client until /);
  await other.close();

  // The holder sees the hold in the account and can let it go.
  await page.goto('/customer/account/alerts');
  await expect(page.getByTestId('holds')).toContainText('held for you until');
});

test('a signed-in shopper saves a search from the listing and finds it in the account', async ({ page, context }) => {
  const shopper = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, shopper.token);
  await page.goto('/diamonds/oval?df_color=D,E');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText('Your search is saved')).toBeVisible();
  await page.goto('/customer/account/alerts');
  const alert = page.getByTestId('alerts').locator('[data-alert-kind="saved_search"]');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('shape: oval');
  await expect(alert).toContainText('color: D, E');
  await expect(alert.getByRole('link')).toHaveAttribute('href', '/diamonds/oval?df_color=D,E');
});

test('a shopper who is not signed in is asked to sign in before holding', async ({ page }, testInfo) => {
  const [, stone] = stonesFor(testInfo, 'holds');
  await page.goto(`/diamonds/${stone!.id}`);
  await page.getByRole('button', { name: 'Hold this diamond' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer\\?redirect=${encodeURIComponent(`/diamonds/${stone!.id}`).replace(/\//g, '%2F')}`));
});
