/** Holds, hints and alerts beyond the diamond page (issue 35): the compare view, the listing, a piece and a built ring. */
import { expect, test } from '@playwright/test';
import { e2e, seedCustomer, signInAs, uniqueEmail, waitForMail } from './account-support.ts';
import { band, stonesFor } from './cart-support.ts';
import { fits, plainProducts, product } from '../support/catalog-fixtures.ts';
import { caratLabel } from '~/lib/fractions.ts';

const cathedral = product('Cathedral Solitaire'); // round, oval, cushion or princess; 0.5 to 4 ct
/** A piece of jewellery in several metals and total carat weights. */
const piece = plainProducts.find((p) => new Set(p.variants.map((v) => v.ctw)).size > 1)!;

test.describe.configure({ timeout: 90_000 });

test('a shopper holds a stone from the compare view and sees "On hold until …" there', async ({ page, context }, testInfo) => {
  const [first, second] = stonesFor(testInfo, 'holds compare');
  const holder = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, holder.token);
  await page.goto(`/diamonds/compare?ids=${first!.id},${second!.id}`);
  const column = (id: number) =>
    page
      .getByTestId('compare-table')
      .locator('td')
      .filter({ has: page.locator(`[data-compare-remove="${id}"]`) });
  await column(first!.id)
    .getByRole('button', { name: /Hold this diamond/ })
    .click();
  await expect(column(first!.id).getByTestId('compare-hold')).toContainText(/On hold until [A-Z][a-z]{2} \d{1,2}, \d{4}/, { timeout: 30_000 });
  await expect(column(first!.id).getByRole('button', { name: /Hold this diamond/ })).toHaveCount(0);
  await expect(column(second!.id).getByRole('button', { name: /Hold this diamond/ })).toBeVisible();
});

test('a shopper drops a hint from a piece of jewellery and from a built ring', async ({ page, context }, testInfo) => {
  const shopper = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, shopper.token);
  const { mailDir } = e2e();

  const pieceTo = uniqueEmail('hint-piece');
  await page.goto(`/products/${band.id}`);
  await page.getByTestId('drop-a-hint').getByText('Drop a hint').click();
  await page.getByLabel('Their e-mail address').fill(pieceTo);
  await page.getByLabel('A note (optional)').fill('For our anniversary');
  await page.getByRole('button', { name: 'Send the hint' }).click();
  await expect(page.getByText('Your hint is on its way')).toBeVisible();
  const pieceMail = await waitForMail(mailDir, pieceTo, /A little hint from/);
  expect(pieceMail.text).toContain(band.name);
  expect(pieceMail.text).toContain('For our anniversary');

  const stone = stonesFor(testInfo, 'holds hint').find(fits(cathedral))!;
  const ringTo = uniqueEmail('hint-ring');
  await page.goto(`/build-your-own/summary?setting=${cathedral.id}&variant=${cathedral.variants[0]!.id}&diamond=${stone.id}`);
  await page.getByTestId('drop-a-hint').getByText('Drop a hint').click();
  await page.getByLabel('Their e-mail address').fill(ringTo);
  await page.getByRole('button', { name: 'Send the hint' }).click();
  await expect(page.getByText('Your hint is on its way')).toBeVisible();
  const ringMail = await waitForMail(mailDir, ringTo, /A little hint from/);
  expect(ringMail.text).toContain(`${cathedral.name} with a`);
  expect(ringMail.text).toContain(`/build-your-own/summary?setting=${cathedral.id}&diamond=${stone.id}`);
});

test('the listing keeps a held stone, labelled "On hold until …" on its card and its table row', async ({ page, context, browser }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'holds listing');
  const holder = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, holder.token);
  const held = await page.request.post(`/api/diamonds/${stone!.id}/hold`);
  expect(held.status(), await held.text()).toBe(200);

  const other = await browser.newContext();
  const guest = await other.newPage();
  const listing = `/diamonds?df_shape=${stone!.shape}&df_carat_min=${stone!.carat}&df_carat_max=${stone!.carat}`;
  await guest.goto(listing);
  const card = guest
    .getByRole('list', { name: 'Diamond results' })
    .getByRole('listitem')
    .filter({ has: guest.locator(`a[href="/diamonds/${stone!.id}"]`) });
  await expect(card.getByTestId('diamond-on-hold')).toContainText(/On hold until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await guest.goto(`${listing}&view=table`);
  const row = guest
    .getByRole('table', { name: 'Diamond results' })
    .getByRole('row')
    .filter({ has: guest.locator(`a[href="/diamonds/${stone!.id}"]`) });
  await expect(row.getByTestId('diamond-on-hold')).toContainText('On hold until');
  await other.close();
});

test("a shopper asks to hear of a price drop on the piece's chosen metal and weight, finds it in the account and deletes it", async ({ page, context }) => {
  const shopper = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, shopper.token);
  const ctw = Math.max(...piece.variants.map((v) => v.ctw));
  const variant = piece.variants.find((v) => v.metal === 'platinum' && v.ctw === ctw)!;
  await page.goto(`/products/${piece.id}`);
  // The shopper chooses platinum, then the largest weight: the page now shows that variant.
  await page.getByRole('group', { name: /Metal/ }).getByRole('link', { name: 'Platinum' }).click();
  await expect(page).toHaveURL(/metal=platinum/);
  await page
    .getByRole('group', { name: 'Total carat weight' })
    .getByRole('link', { name: caratLabel(ctw) })
    .click();
  await expect(page).toHaveURL(new RegExp(`metal=platinum&ctw=${ctw}`));
  await page.getByRole('button', { name: 'Tell me if the price drops' }).click();
  await expect(page.getByText('We will tell you if the price drops')).toBeVisible();

  await page.goto('/customer/account/alerts');
  const alert = page.getByTestId('alerts').locator('[data-alert-kind="price_drop"]');
  await expect(alert).toHaveCount(1);
  const words = `Price drops on ${piece.name}, Platinum, ${caratLabel(ctw)}`;
  await expect(alert.getByRole('link', { name: words })).toHaveAttribute('href', `/products/${piece.id}?metal=platinum&ctw=${variant.ctw}`);
  await alert.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No alerts yet')).toBeVisible({ timeout: 30_000 });
});
