/**
 * The back office in Chromium (issue 31): an owner made by `npm run staff -- add … --role owner` signs
 * in, finds a bank-transfer order by its number, marks it paid, ships it with a tracking number, and sees
 * both actions with their e-mail on the order and in /admin/activity; an editor gets 403 on
 * /admin/orders; signed out, /admin/orders redirects to /admin/login; with two-factor on, no sign-in
 * without the code. axe on every back-office page, and screenshots of each at 1280 and 390 px
 * (var/screenshots/admin-*.png).
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readE2eState } from '../support/e2e-state.ts';
import { closeTestDbs, seedCustomer, seedOrder, testDb, uniqueEmail } from '../support/accounts.ts';
import { addStaff, seedStaff, totpCode } from '../support/staff.ts';
import { feedRow, toCsv } from '../support/admin.ts';
import { band } from '../support/checkout.ts';
import { sizeOf } from '../support/catalog-fixtures.ts';
import { Shopper } from '../support/shopper.ts';
import { uniqueCode } from '../support/unique.ts';
import { checkAdminScreen, staffSignIn } from './support.ts';

test.describe.configure({ timeout: 420_000 });
test.afterAll(closeTestDbs);

/** A bank-transfer order waiting for its payment, numbered like the shop's (letters and digits). */
async function bankTransferOrder(): Promise<string> {
  const { databaseUrl } = readE2eState();
  const customer = await seedCustomer(databaseUrl);
  const order = await seedOrder(databaseUrl, customer.id, { status: 'pending' });
  const db = await testDb(databaseUrl);
  const number = `BT${order.id}`;
  await db.updateTable('orders').set({ increment_id: number, payment_method: 'banktransfer' }).where('id', '=', order.id).execute();
  return number;
}

test('an owner made by the CLI signs in, finds a bank-transfer order, marks it paid, ships it, and sees both with their e-mail', async ({ page }, testInfo) => {
  const { databaseUrl } = readE2eState();
  const owner = await addStaff(databaseUrl, uniqueEmail('owner'), 'owner', 'owner-password-1');
  const number = await bankTransferOrder();

  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Forders$/);
  await checkAdminScreen(page, testInfo, 'login');
  await staffSignIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  await page.getByLabel('Number, e-mail or name').fill(number.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 order found')).toBeVisible();
  await checkAdminScreen(page, testInfo, 'orders');
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.locator('[data-order-status]')).toHaveText('Pending');
  await checkAdminScreen(page, testInfo, 'order');

  await page.getByRole('link', { name: 'Mark as paid' }).click();
  await expect(page.getByRole('heading', { name: 'Mark as paid: please confirm' })).toBeVisible();
  await checkAdminScreen(page, testInfo, 'order-confirm');
  await page.getByRole('button', { name: 'Confirm: Mark as paid' }).click();
  await expect(page.getByRole('status')).toHaveText('The order is marked as paid.');
  await expect(page.locator('[data-order-status]')).toHaveText('Processing');

  await page.getByRole('link', { name: 'Ship' }).click();
  await page.getByLabel('Carrier').fill('UPS');
  await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await page.getByRole('button', { name: 'Confirm: Ship' }).click();
  await expect(page.getByRole('status')).toHaveText('The order is shipped, and the customer has been e-mailed the tracking number.');
  await expect(page.locator('[data-order-status]')).toHaveText('Shipped');
  const history = page.locator('[data-order-history]');
  await expect(history.getByRole('listitem').filter({ hasText: `Marked as paid order ${number}` })).toContainText(owner.email);
  await expect(history.getByRole('listitem').filter({ hasText: `Shipped order ${number} (UPS 1Z999AA10123456784)` })).toContainText(owner.email);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Order, code or e-mail').fill(number);
  await page.getByRole('button', { name: 'Filter' }).click();
  const rows = page.locator('[data-activity] tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Shipped order ${number}`);
  await expect(rows.nth(0)).toContainText(owner.email);
  await expect(rows.nth(1)).toContainText(`Marked as paid order ${number}`);
  await expect(rows.nth(1)).toContainText(owner.email);
  await checkAdminScreen(page, testInfo, 'activity');

  for (const [link, name] of [
    ['Dashboard', 'dashboard'],
    ['Staff', 'staff'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();
    await checkAdminScreen(page, testInfo, name);
  }
  await page.getByRole('link', { name: new RegExp(`^${owner.email}`) }).click();
  await checkAdminScreen(page, testInfo, 'account');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('an editor gets 403 on /admin/orders and no Orders in the menu', async ({ page }, testInfo) => {
  const { databaseUrl } = readE2eState();
  const editor = await addStaff(databaseUrl, uniqueEmail('editor'), 'editor', 'editor-password-1');
  await page.goto('/admin/login');
  await staffSignIn(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' })).toHaveCount(0);
  const res = await page.goto('/admin/orders');
  expect(res?.status()).toBe(403);
  await expect(page.getByText('Your role (Editor) cannot use this page.')).toBeVisible();
  await checkAdminScreen(page, testInfo, 'forbidden');
});

test('with two-factor on, a staff member cannot sign in without the code', async ({ page }, testInfo) => {
  const { databaseUrl } = readE2eState();
  const manager = await addStaff(databaseUrl, uniqueEmail('manager'), 'manager', 'manager-password-1');
  await page.goto('/admin/login');
  await staffSignIn(page, manager.email, manager.password);
  await page.goto('/admin/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await checkAdminScreen(page, testInfo, 'two-factor-setup');
  const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
  await page.getByLabel('Code from your app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn two-factor on' }).click();
  await expect(page.locator('[data-recovery-codes] li')).toHaveCount(10);
  const recovery = (await page.locator('[data-recovery-codes] li').first().textContent())!;
  await page.getByRole('button', { name: 'Sign out' }).click();

  await staffSignIn(page, manager.email, manager.password);
  await expect(page.getByRole('alert')).toContainText('Enter the 6-digit code from your authenticator app');
  await expect(page).toHaveURL(/\/admin\/login/);
  await checkAdminScreen(page, testInfo, 'login-code');
  expect((await page.goto('/admin'))?.url()).toMatch(/\/admin\/login/);
  await staffSignIn(page, manager.email, manager.password);
  await page.getByLabel('Password', { exact: true }).fill(manager.password);
  await page.getByLabel('Two-factor code').fill(recovery);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

/** A browser context signed in as a seeded staff member (their session cookie). */
async function asStaff(page: Page, role: 'owner' | 'manager' | 'editor') {
  const { url, databaseUrl } = readE2eState();
  const staff = await seedStaff(databaseUrl, uniqueEmail(role), role);
  const [name, value] = staff.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url, httpOnly: true, sameSite: 'Strict' }]);
  return staff;
}

test("a coupon created in the back office discounts a shopper's cart", async ({ page }, testInfo) => {
  await asStaff(page, 'manager');
  const code = uniqueCode('BO')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 30);
  await page.goto('/admin/coupons');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Discount', { exact: true }).fill('15');
  // By keyboard: Enter in a field submits the form.
  await page.getByLabel('Discount', { exact: true }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('The coupon has been saved.');
  await expect(page.locator('[data-coupons] tr').filter({ hasText: code })).toContainText('15% off');
  await checkAdminScreen(page, testInfo, 'coupons');

  const shopper = new Shopper(readE2eState().url);
  expect(
    (
      await shopper.call('POST', '/api/checkout/cart/add', {
        ids: [band.id],
        quantity: 1,
        selected_configurable_option: band.variants[0]!.id,
        ...sizeOf(band.id),
      })
    ).status,
  ).toBe(200);
  const applied = await shopper.call('POST', '/api/checkout/cart/coupon', { code: code.toLowerCase() });
  expect(applied.status).toBe(200);
  const cart = applied.body.data;
  expect(cart.coupon_code).toBe(code);
  expect(cart.discount_amount).toBeCloseTo(Math.round(cart.sub_total * 15) / 100, 2);
});

test('a stock file uploaded in the back office shows its report and offers the rejected rows as CSV', async ({ page }, testInfo) => {
  await asStaff(page, 'manager');
  const tag = uniqueCode('S');
  const csv = toCsv([feedRow(`${tag}-1`, `${tag}01`), feedRow(`${tag}-2`, `${tag}02`, { Color: 'Q' })]);
  await page.goto('/admin/inventory');
  await page.getByLabel("Source (the supplier's feed)").fill(uniqueCode('feed').toLowerCase());
  await page.getByLabel('Stock file', { exact: true }).setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  const report = page.locator('[data-import-report]');
  await expect(report).toContainText('Report: stock.csv');
  await expect(report.getByText('Rejected', { exact: true }).locator('..')).toContainText('1');
  await checkAdminScreen(page, testInfo, 'inventory');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the rejected rows (CSV)' }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^line,stock_number,reasons\\r\\n3,${tag}-2,`));
});

test('customers and appointments screens', async ({ page }, testInfo) => {
  await asStaff(page, 'owner');
  const { databaseUrl } = readE2eState();
  const customer = await seedCustomer(databaseUrl);
  await page.goto(`/admin/customers?q=${encodeURIComponent(customer.email)}`);
  await checkAdminScreen(page, testInfo, 'customers');
  await page
    .getByRole('link', { name: /Ada Lovelace/ })
    .first()
    .click();
  await page.getByLabel('Amount in dollars').fill('25.00');
  await page.getByLabel('Reason').fill('A gesture for the wait');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('The store credit has been changed.');
  await expect(page.locator('[data-credit-balance]')).toHaveText('$25.00');
  await checkAdminScreen(page, testInfo, 'customer');
  await page.goto('/admin/appointments');
  await checkAdminScreen(page, testInfo, 'appointments');
});

test('staff move a booking to another free time, and the screen says the customer is e-mailed', async ({ page }, testInfo) => {
  await asStaff(page, 'manager');
  // Each project its own slots, so that the two widths never compete for a seat.
  const [from, to] = testInfo.project.name === 'mobile' ? [4, 6] : [3, 5];
  // The first open day after the server's first one: its slots are far from the minimum notice.
  const { data: calendar } = await (await page.request.get('/api/appointments/calendar')).json();
  const days: { date: string; open: boolean }[] = calendar.months.flatMap((m: { weeks: unknown[][] }) => m.weeks.flat()).filter(Boolean);
  const day = days.find((d) => d.open && d.date > calendar.first_open_day)!.date;
  const { data: slots } = await (await page.request.get(`/api/appointments/slots?date=${day}&kind=showroom`)).json();
  const starts: string[] = slots.slots.map((s: { start: string }) => s.start);
  const name = `Grace Hopper ${uniqueCode('M').replace(/[^A-Z0-9]/gi, '')}`;
  const booked = await page.request.post('/api/appointments', {
    data: { kind: 'showroom', start: starts[from], name, email: uniqueEmail('move'), phone: '+1 212 555 0100' },
  });
  expect(booked.status()).toBe(201);
  await page.goto('/admin/appointments');
  await page.getByRole('link', { name: `Move the appointment of ${name}` }).click();
  await page.getByLabel('New time').selectOption(starts[to]!);
  await checkAdminScreen(page, testInfo, 'appointment-move');
  await page.getByRole('button', { name: `Move and e-mail ${name}` }).click();
  await expect(page.getByRole('status')).toHaveText('The appointment has been moved, and the customer has been e-mailed.');
});
