/**
 * A shopper's unpaid card order, past its payment window, shows "Cancelled: payment not received" in the
 * account, and its diamond can be bought again. Time moves on the shop's test clock (NOW_OFFSET_FILE,
 * honoured under NODE_ENV=test), never by sleeping: on a server of its own, since moving the clock would
 * expire other tests' orders on the shared one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type TestServer } from '../support/server.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';
import { hydrated } from './account-support.ts';

const DIAMONDS = 60;
const available = seededDiamonds(DIAMONDS).filter((d) => d.available);

let server: TestServer;
let clockFile: string;
let dir: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-expiry-'));
  clockFile = path.join(dir, 'clock');
  fs.writeFileSync(clockFile, '0');
  server = await startServer('sqlite', { diamonds: DIAMONDS, env: { NODE_ENV: 'test', NOW_OFFSET_FILE: clockFile, ORDER_EXPIRY_INTERVAL_SECONDS: '3600' } });
});

test.afterAll(async () => {
  await closeTestDbs();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an unpaid order shows "Cancelled: payment not received" after its window, and its diamond can be bought again', async ({ page, context }, testInfo) => {
  // Each project (desktop, mobile) runs on this file's server: a stone of its own.
  const stone = available[testInfo.project.name === 'mobile' ? 1 : 0]!;
  const customer = await seedCustomer(server.databaseUrl, { first_name: 'Grace' });
  await context.addCookies([{ name: 'aurelle_session', value: customer.token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const shopper = signedIn(server.url, customer.token);
  await readyCart(shopper, { diamonds: [stone.id], method: 'card' });
  const placed = await saveOrder(shopper);
  expect(placed.status).toBe(200);
  const order = placed.body.order as { id: number; increment_id: string };

  await page.goto(`${server.url}/customer/account/orders/view/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.increment_id}` })).toBeVisible();
  await expect(page.getByText('Pending payment').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await page.goto(`${server.url}/diamonds/${stone.id}`);
  await expect(page.getByText(/This diamond is reserved/)).toBeVisible();

  // 31 minutes later on the shop's clock (the card window is 30).
  fs.writeFileSync(clockFile, '31m');
  await page.goto(`${server.url}/customer/account/orders`);
  await expect(page.getByRole('row', { name: new RegExp(order.increment_id) })).toContainText('Cancelled: payment not received');
  await page.goto(`${server.url}/customer/account/orders/view/${order.id}`);
  const status = page.locator('dl').filter({ hasText: 'Placed on' });
  await expect(status).toContainText('Cancelled: payment not received');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveText([/Pending payment/, /Cancelled: payment not received/]);
  await page.screenshot({ path: testInfo.outputPath('expired-order.png'), fullPage: true });

  // The stone is for sale again: added from its page, then ordered.
  await page.goto(`${server.url}/diamonds/${stone.id}`);
  await hydrated(page);
  const added = page.waitForResponse((r) => r.url().includes('/api/checkout/cart/add') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBeLessThan(400);
  await expect.poll(async () => (await shopper.get('/api/checkout/cart')).body.data.items.map((i: { product_id: number }) => i.product_id)).toEqual([stone.id]);
  await readyCart(shopper, { method: 'banktransfer' });
  const again = await saveOrder(shopper);
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body.order.items.map((i: { product?: { id: number } }) => i.product?.id)).toEqual([stone.id]);
});
