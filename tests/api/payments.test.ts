/**
 * Payments without Stripe, on SQLite and PostgreSQL, on servers of their own:
 * - the test gateway: an order has one payable session, so two tabs and ten forms posted at once pay
 *   it once; in production it is refused (cards not offered, start-up says so) unless
 *   PAYMENT_TEST_GATEWAY=1; production with no provider offers no card;
 * - bank transfers: the shop's bank details on the payment step, the success page, the order view
 *   and the e-mail; staff mark a transfer received by the admin API and the CLI; receipts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { openDatabase, type Db } from '~/server/db/database.ts';
import { call } from '../support/http-client.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { guestEmail, readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';
import { mailsTo, startMailbox, waitForMail, type Mailbox } from '../support/mailbox.ts';
import { freePort, runNode, startServer, stopChild, type TestServer } from '../support/server.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { Shopper } from '../support/shopper.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DIAMONDS = 200;
const stones = seededDiamonds(DIAMONDS).filter((d) => d.available);
let nextStone = 0;
const stone = () => stones[nextStone++]!;
const kinds = ['sqlite', 'postgres'] as const;
/** shop.json's payments.bank_transfer, as the shopper must read it. */
const BANK = ['Aurelle Fine Jewellery LLC', 'First Hudson Bank, New York', '4021 7788 1203', '021987654', 'FHUDUS33'];

let mailbox: Mailbox;
const cleanup: (() => Promise<void>)[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-payments-'));

beforeAll(async () => {
  mailbox = await startMailbox(path.join(tmp, 'mail'));
});
afterAll(async () => {
  await closeTestDbs();
  for (const c of cleanup.reverse()) await c();
  await mailbox.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const admin = (base: string, p: string, body?: unknown, token = ADMIN_TOKEN) => call(base, 'POST', p, body, { authorization: `Bearer ${token}` });

/**
 * Another app server on the same database with its own settings; answers its address, what it logged and
 * how to stop it. Stop it once checked: every app server on a database sends that database's queued mail
 * (the outbox), and this one has no SMTP_URL, so it would take the other tests' messages into its var/mail/.
 */
async function serverWith(first: TestServer, env: Record<string, string>): Promise<{ url: string; log: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  for (const k of ['NODE_ENV', 'PAYMENT_PROVIDER', 'PAYMENT_TEST_GATEWAY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete base[k];
  const child = spawn(process.execPath, [path.join(root, 'dist/server/serve.mjs')], {
    // The same mailbox as the first server: every app server on a database sends its outbox (mail-outbox.test.ts).
    env: {
      ...base,
      DATABASE_URL: first.databaseUrl,
      VAR_DIR: path.join(tmp, `var-${port}`),
      SITE_URL: url,
      SMTP_URL: mailbox.url,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  cleanup.push(() => stopChild(child));
  await expect.poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 60_000, interval: 100 }).toBe(200);
  await expect.poll(() => log, { timeout: 10_000 }).toContain('Server listening');
  return { url, log: () => log, stop: () => stopChild(child) };
}

/** Fills the test gateway's form, as a browser without JavaScript would. */
const payOnGateway = (base: string, redirect: string, card = '4242 4242 4242 4242') =>
  fetch(new URL(redirect, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada Lovelace', card_number: card, expiry: '12/39', cvc: '123' }),
  });

describe.each(kinds)('payments on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  const cli = (args: string[]) =>
    runNode([path.join(root, 'dist/cli/cli.mjs'), 'orders', ...args], {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      NODE_ENV: 'test',
      SMTP_URL: mailbox.url,
    });

  beforeAll(async () => {
    server = await startServer(kind, {
      diamonds: DIAMONDS,
      env: { NODE_ENV: 'test', SMTP_URL: mailbox.url, ADMIN_TOKEN, ORDER_EXPIRY_INTERVAL_SECONDS: '3600' },
    });
    cleanup.push(() => server.stop());
    const conn = await openDatabase(server.databaseUrl);
    cleanup.push(() => conn.close());
    db = conn.db;
  }, 120_000);

  const orderRow = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) =>
    (await db.selectFrom('order_status_history').select('status').where('order_id', '=', id).orderBy('id').execute()).map((h) => h.status);

  it('the test gateway: two tabs share the one open session, and ten forms posted at once pay the order once', { timeout: 60_000 }, async () => {
    const s = new Shopper(server.url);
    const email = guestEmail();
    await readyCart(s, { diamonds: [stone().id], email, method: 'card' });
    const placed = await saveOrder(s);
    expect(placed.status).toBe(200);
    const { id, order_token, grand_total } = placed.body.order;
    const first = String(placed.body.redirect_url);
    expect(first).toMatch(/^\/checkout\/payment-gateway\?session=ts_/);

    // A second tab: "Pay" on the order-payment page (a plain form) and update-order both find the same session.
    const tab = await fetch(`${server.url}/checkout/order-payment?order=${id}&token=${encodeURIComponent(order_token)}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(tab.status).toBe(303);
    expect(tab.headers.get('location')).toBe(first);
    const api = await s.send(checkoutEndpoints.updateOrder, { body: { orderId: id, orderToken: order_token, paymentMethod: 'card', paymentData: {} } });
    expect(api.body.redirect_url).toBe(first);

    const forms = await Promise.all(Array.from({ length: 10 }, () => payOnGateway(server.url, first)));
    for (const f of forms) expect(f.status).toBe(303);
    const sessions = await db.selectFrom('payment_sessions').select(['status', 'amount_cents']).where('order_id', '=', id).execute();
    expect(sessions).toEqual([{ status: 'paid', amount_cents: Math.round(grand_total * 100) }]);
    // Paid at the gateway: the order is paid even before the shopper's browser comes back.
    expect(await orderRow(id)).toMatchObject({ status: 'processing', payment_provider: 'test' });
    expect(await history(id)).toEqual(['pending_payment', 'processing']);
    await waitForMail(mailbox.dir, email, /Payment received/);
    const session = new URL(forms[0]!.headers.get('location')!, server.url).searchParams.get('session') ?? undefined;
    const back = await s.send(checkoutEndpoints.updateOrder, {
      body: { orderId: id, orderToken: order_token, paymentMethod: 'card', paymentData: { session } },
    });
    expect(back.body).toMatchObject({ message: 'This order is paid', order: { status: 'processing' } });
    // The second tab's form, after the payment: nothing is charged.
    expect((await payOnGateway(server.url, first)).status).toBe(303);
    expect(await db.selectFrom('payment_sessions').select('status').where('order_id', '=', id).execute()).toEqual([{ status: 'paid' }]);
    expect(mailsTo(mailbox.dir, email).filter((m) => /Payment received/.test(m.subject))).toHaveLength(1);
  });

  it('the test gateway is refused in production, where no card is offered without a provider and start-up says so in one line; PAYMENT_TEST_GATEWAY=1 allows it', {
    timeout: 120_000,
  }, async () => {
    const methods = async (base: string) => {
      const s = new Shopper(base);
      await readyCart(s, { products: [], diamonds: [stone().id], email: guestEmail(), method: 'banktransfer' });
      const res = await s.post('/api/checkout/get-payment-methods', {});
      expect(res.status).toBe(200);
      return { s, codes: res.body.data.map((m: { method: string }) => m.method) as string[] };
    };
    const refused = await serverWith(server, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' });
    expect(refused.log().match(/Card payments are off/g)).toHaveLength(1);
    expect(refused.log()).toContain('the test gateway takes no real money and is refused in production (PAYMENT_TEST_GATEWAY=1 allows it on purpose)');
    const off = await methods(refused.url);
    expect(off.codes).not.toContain('card');
    const chosen = await off.s.post('/api/checkout/save-payment', { payment: { method: 'card' } });
    expect(chosen).toMatchObject({ status: 400, body: { errors: { 'payment.method': [expect.any(String)] } } });

    const none = await serverWith(server, { NODE_ENV: 'production' });
    expect(none.log()).toContain('Card payments are off: no PAYMENT_PROVIDER is set');
    expect((await methods(none.url)).codes).toEqual(expect.not.arrayContaining(['card']));

    const allowed = await serverWith(server, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', PAYMENT_TEST_GATEWAY: '1' });
    expect(allowed.log()).toContain('TEST GATEWAY');
    expect((await methods(allowed.url)).codes).toContain('card');
    await Promise.all([refused, none, allowed].map((s) => s.stop()));
  });

  it('a bank transfer shows the bank details on the payment step, the success page, the order view and the e-mail', { timeout: 60_000 }, async () => {
    const customer = await seedCustomer(server.databaseUrl);
    const s = signedIn(server.url, customer.token);
    await readyCart(s, { diamonds: [stone().id], method: 'banktransfer' });
    const offered = await s.post('/api/checkout/get-payment-methods', {});
    const transfer = offered.body.data.find((m: { method: string }) => m.method === 'banktransfer');
    for (const text of BANK) expect(transfer.description).toContain(text);
    const step = await s.get('/checkout/payment');
    for (const text of BANK) expect(String(step.body)).toContain(text);

    const placed = await saveOrder(s);
    expect(placed.status).toBe(200);
    const order = placed.body.order;
    const expectDetails = (text: string) => {
      for (const t of [...BANK, order.formated_grand_total, order.increment_id]) expect(text).toContain(t);
    };
    const success = await s.get(`/checkout/success?order=${order.id}&token=${encodeURIComponent(order.order_token)}`);
    expect(success.status).toBe(200);
    expectDetails(String(success.body));
    const view = await s.get(`/customer/account/orders/view/${order.id}`);
    expect(view.status).toBe(200);
    expectDetails(String(view.body));
    const mail = await waitForMail(mailbox.dir, customer.email, new RegExp(`Your order ${order.increment_id}`));
    expectDetails(mail.text);
    expect(mail.text).toContain(`Reference: ${order.increment_id}`);
  });

  it('staff mark a transfer received by the admin API and the CLI: processing, history, receipt; never twice, never a card order', {
    timeout: 60_000,
  }, async () => {
    const place = async (method: 'banktransfer' | 'card') => {
      const s = new Shopper(server.url);
      const email = guestEmail();
      const diamond = stone();
      await readyCart(s, { diamonds: [diamond.id], email, method });
      const res = await saveOrder(s);
      expect(res.status).toBe(200);
      return { email, diamond, order: res.body.order as { id: number; increment_id: string; grand_total: number } };
    };
    const a = await place('banktransfer');
    expect((await admin(server.url, `/api/admin/orders/${a.order.id}/mark-paid`, {}, 'wrong')).status).toBe(401);
    const bad = await admin(server.url, `/api/admin/orders/${a.order.id}/mark-paid`, { reference: 'x'.repeat(121) });
    expect(bad).toMatchObject({ status: 400, body: { errors: { reference: [expect.any(String)] } } });
    const paid = await admin(server.url, `/api/admin/orders/${a.order.increment_id}/mark-paid`, { reference: 'WIRE 2026-11-26 0042' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      message: `Order ${a.order.increment_id} is paid`,
      data: {
        status: 'processing',
        payment_provider: 'banktransfer',
        payment_reference: 'WIRE 2026-11-26 0042',
        paid_cents: Math.round(a.order.grand_total * 100),
      },
    });
    expect(paid.body.data.status_history.map((h: { status: string }) => h.status)).toEqual(['pending', 'processing']);
    expect((await db.selectFrom('diamonds').select('status').where('id', '=', a.diamond.id).executeTakeFirstOrThrow()).status).toBe('sold');
    const receipt = await waitForMail(mailbox.dir, a.email, /Payment received/);
    expect(receipt.text).toContain('bank transfer (reference WIRE 2026-11-26 0042)');
    expect(receipt.text).toContain(a.order.increment_id);
    const twice = await admin(server.url, `/api/admin/orders/${a.order.id}/mark-paid`, {});
    expect(twice).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('Only a bank-transfer order waiting for its payment can be marked paid') },
    });

    const card = await place('card');
    expect((await admin(server.url, `/api/admin/orders/${card.order.id}/mark-paid`, {})).status).toBe(409);
    expect((await orderRow(card.order.id)).status).toBe('pending_payment');

    const b = await place('banktransfer');
    const byCli = await cli(['mark-paid', b.order.increment_id, '--reference', 'SEPA-77']);
    expect(byCli.status, byCli.output).toBe(0);
    expect(byCli.stdout).toContain(`${b.order.increment_id} Processing`);
    expect(await orderRow(b.order.id)).toMatchObject({ status: 'processing', payment_reference: 'SEPA-77' });
    await waitForMail(mailbox.dir, b.email, /Payment received/);
    expect((await cli(['mark-paid', b.order.increment_id])).stderr).toMatch(/can be marked paid/);
    expect((await cli(['mark-paid'])).status).toBe(1);

    // Cancelled after it was paid: the money goes back by transfer, recorded for staff to send.
    const canceled = await admin(server.url, `/api/admin/orders/${b.order.id}/cancel`);
    expect(canceled.body.data).toMatchObject({
      refunds: [{ amount_cents: Math.round(b.order.grand_total * 100), provider: 'banktransfer', status: 'manual' }],
      refundable_cents: 0,
    });
  });
});
