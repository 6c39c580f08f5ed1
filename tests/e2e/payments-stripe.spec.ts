/**
 * A card purchase through Stripe in the browser: the shop runs with PAYMENT_PROVIDER=stripe
 * against the Stripe stand-in (tests/support/stripe-stand-in.ts) on a local port; "Place order" sends
 * the shopper to the stand-in's hosted Checkout page, where the card is entered (never on the shop);
 * Stripe's signed webhook and the shopper's return both reach the shop, and the order is paid once.
 * A server of its own per worker, so that no other test sees Stripe settings.
 */
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { startMailbox, waitForMail, type Mailbox } from '../support/mailbox.ts';
import { band } from '../support/checkout.ts';
import { sizeOf } from '../support/catalog-fixtures.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from './support.ts';
import { hydrated } from './account-support.ts';

test.describe.configure({ timeout: 120_000 });

const SECRET = 'whsec_e2e_standin_0123456789';
let stripe: StripeStandIn;
let shop: TestServer;
let mailbox: Mailbox;
let tmp: string;

test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-stripe-'));
  mailbox = await startMailbox(path.join(tmp, 'mail'));
  stripe = await startStripeStandIn({ webhookSecret: SECRET });
  shop = await startServer('sqlite', {
    diamonds: 100,
    env: {
      NODE_ENV: 'test',
      SMTP_URL: mailbox.url,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  stripe.webhookUrl = `${shop.url}/api/payments/stripe/webhook`;
});

test.afterAll(async () => {
  await shop?.stop();
  await stripe?.stop();
  await mailbox?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function toPayment(page: Page, email: string) {
  await page.goto(`${shop.url}/`);
  const res = await page.request.post(`${shop.url}/api/checkout/cart/add`, {
    data: { ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, ...sizeOf(band.id) },
  });
  expect(res.status()).toBe(200);
  await page.goto(`${shop.url}/checkout`);
  await hydrated(page);
  await page.locator('#billing-first_name').fill('Ada');
  await page.locator('#billing-last_name').fill('Lovelace');
  await page.locator('#billing-email').fill(email);
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
}

test("a card purchase goes through Stripe Checkout: the card is entered on Stripe's page, the order comes back paid with a receipt", async ({ page }) => {
  const email = uniqueEmail('stripe');
  await toPayment(page, email);
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // Stripe's hosted page (the stand-in's): the amount is the order's grand total.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  const total = (await page.getByTestId('stripe-amount').textContent())!;
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
  const sessionId = page.url().split('/').pop()!;
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the shop: paid, once, whichever of the webhook and the return came first.
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+&token=/);
  await expect(page.getByText('Status: Processing')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay by card now' })).toHaveCount(0);
  // The shop's own summary of the order shows the amount Stripe took.
  await expect(page.getByText(total, { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  expect(stripe.calls('POST', '/v1/checkout/sessions').filter((c) => c.status === 200)).toHaveLength(1);
  const number = (await page.getByTestId('increment-id').textContent())!;
  const receipt = await waitForMail(mailbox.dir, email, new RegExp(`Payment received for your order ${number}`));
  expect(receipt.text).toContain(`Total: ${total}`);
});
