/**
 * Checkout journeys in the browser: guest and customer, each payment method, coupon and store credit,
 * a declined card paid later through the payment link, the screens' error states, and axe on every
 * checkout screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { e2e, hydrated, seedCustomer, signInAs, uniqueEmail } from './account-support.ts';
import { testDb } from '../support/accounts.ts';
import { band } from '../support/checkout.ts';
import { stonesFor } from './cart-support.ts';

// Axe on a page with every country of the world takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function addToCart(page: Page, ids: number[]) {
  for (const id of ids) {
    const res = await page.request.post('/api/checkout/cart/add', {
      data: id === band.id ? { ids: [id], quantity: 1, selected_configurable_option: band.variants[0]!.id, selected_size: '7' } : { ids: [id], quantity: 1 },
    });
    expect(res.status()).toBe(200);
  }
}

async function fillAddress(page: Page, email?: string) {
  await hydrated(page);
  await page.locator('#billing-first_name').fill('Ada');
  await page.locator('#billing-last_name').fill('Lovelace');
  if (email) await page.locator('#billing-email').fill(email);
  await page.locator('#billing-address1').fill('350 Fifth Avenue');
  await page.locator('#billing-city').fill('New York');
  await page.locator('#billing-country').selectOption('US');
  await page.locator('#billing-state').selectOption('NY');
  await page.locator('#billing-postcode').fill('10118');
  await page.locator('#billing-phone').fill('+1 212 736 3100');
}

async function chooseShipping(page: Page, method: RegExp) {
  await page.getByRole('button', { name: 'Show shipping methods' }).click();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await hydrated(page);
}

test('a guest checks out by bank transfer with a coupon; errors show next to the fields', async ({ page }) => {
  await page.goto('/');
  await addToCart(page, [band.id]);
  await page.goto('/checkout');
  await fillAddress(page, uniqueEmail('guest'));
  await page.locator('#billing-postcode').fill('ABCDE');
  await page.getByRole('button', { name: 'Show shipping methods' }).click();
  await expect(page.locator('#billing-postcode-error')).toHaveText('Enter a valid postcode for United States');
  await expect(page.locator('#billing-address1')).toHaveValue('350 Fifth Avenue');
  await expectNoAxeViolations(page);
  await page.locator('#billing-postcode').fill('10118');
  await chooseShipping(page, /Insured express/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Coupon').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#coupon-error')).toHaveText('This coupon code is not valid');
  await expect(page.getByLabel('Coupon')).toHaveValue('NOPE');
  await page.getByLabel('Coupon').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+&token=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/Please transfer .* with the reference AU\d+/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a customer checks out with store credit and cash on delivery; the order is in their orders', async ({ page, context }) => {
  const { databaseUrl } = e2e();
  const customer = await seedCustomer(databaseUrl, { password: null });
  const db = await testDb(databaseUrl);
  await db
    .insertInto('store_credit_ledger')
    .values({ customer_id: customer.id, amount_cents: 5_000, reason: 'Welcome gift', order_id: null, created_at: new Date().toISOString() })
    .execute();
  await signInAs(context, customer.token);
  await page.goto('/');
  await addToCart(page, [band.id]);
  await page.goto('/checkout');
  await expect(page.locator('#billing-email')).toHaveCount(0);
  await fillAddress(page);
  await chooseShipping(page, /Free insured shipping/);
  await expect(page.getByText('Your balance: $50.00')).toBeVisible();
  await page.getByLabel('Store credit').fill('80');
  await page.getByRole('button', { name: 'Apply' }).nth(1).click();
  await expect(page.getByText('$50.00 of store credit applied')).toBeVisible();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  const number = await page.getByTestId('increment-id').textContent();
  await page.getByRole('link', { name: 'View it in your orders' }).click();
  await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
});

test('a declined card is paid later through the payment link', async ({ page }, testInfo) => {
  const diamond = stonesFor(testInfo, 'checkout order')[0]!;
  await page.goto('/');
  await addToCart(page, [diamond.id]);
  await page.goto('/checkout');
  await fillAddress(page, uniqueEmail('card'));
  await chooseShipping(page, /Free insured shipping/);
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Card number').fill('4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('#card_number-error')).toHaveText('Enter a valid card number');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/order-payment\?order=\d+&token=.+&session=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The payment link (as in the confirmation e-mail and createOrderPaymentLink) pays it.
  const link = new URL(page.url());
  link.searchParams.delete('session');
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByText('Status: Processing')).toBeVisible();
});

test('a stone sold while the shopper pays is refused in words, and the cart is kept', async ({ page }, testInfo) => {
  const diamond = stonesFor(testInfo, 'checkout sold meanwhile')[0]!;
  await page.goto('/');
  await addToCart(page, [diamond.id]);
  await page.goto('/checkout');
  await fillAddress(page, uniqueEmail('late'));
  await chooseShipping(page, /Free insured shipping/);
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  const db = await testDb(e2e().databaseUrl);
  await db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', diamond.id).execute();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'This item is no longer available!' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
});
