/**
 * Issue 30 in the browser: a purchase shipped to New York shows New York's sales tax before payment
 * (the checkout summary, the payment step, the card page's amount) and on the success page.
 */
import { expect, test } from '@playwright/test';
import { hydrated, uniqueEmail } from './account-support.ts';
import { stonesFor } from './cart-support.ts';

test.describe.configure({ timeout: 90_000 });

/** The rounding of docs/api.md: cents × 8.875 %, half up. */
const nyTax = (cents: number) => Math.floor((2 * cents * 88_750 + 1_000_000) / 2_000_000);
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a purchase to New York shows the sales tax before payment and on the success page', async ({ page }, testInfo) => {
  const diamond = stonesFor(testInfo, 'tax purchase')[0]!;
  await page.goto('/');
  expect((await page.request.post('/api/checkout/cart/add', { data: { ids: [diamond.id], quantity: 1 } })).status()).toBe(200);
  await page.goto('/checkout');
  // No address yet: the summary says tax comes at checkout.
  await expect(page.getByTestId('summary-tax')).toHaveText(/Tax\s*Calculated at checkout/);
  await hydrated(page);
  await page.locator('#billing-first_name').fill('Ada');
  await page.locator('#billing-last_name').fill('Lovelace');
  await page.locator('#billing-email').fill(uniqueEmail('tax'));
  await page.locator('#billing-address1').fill('350 Fifth Avenue');
  await page.locator('#billing-city').fill('New York');
  await page.locator('#billing-country').selectOption('US');
  await page.locator('#billing-state').selectOption('NY');
  await page.locator('#billing-postcode').fill('10118');
  await page.locator('#billing-phone').fill('+1 212 736 3100');
  await page.getByRole('button', { name: 'Show shipping methods' }).click();
  await page.getByRole('radio', { name: /Free insured shipping/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await hydrated(page);

  const tax = nyTax(diamond.price_cents);
  const total = diamond.price_cents + tax;
  await expect(page.getByTestId('summary-tax')).toHaveText(new RegExp(`Sales tax\\s*\\${usd(tax)}`));
  await expect(page.getByTestId('grand-total')).toHaveText(usd(total));
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  // The card page asks for the total with its tax.
  await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${usd(total)}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByTestId('order-tax')).toHaveText(new RegExp(`Sales tax\\s*\\${usd(tax)}`));
  await expect(page.getByTestId('grand-total')).toHaveText(usd(total));
});
