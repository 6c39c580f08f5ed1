/** Holds and hints beyond the diamond page (issue 35): the compare view, the listing, a piece and a built ring. */
import { expect, test } from '@playwright/test';
import { e2e, seedCustomer, signInAs } from './account-support.ts';
import { stonesFor } from './cart-support.ts';

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
