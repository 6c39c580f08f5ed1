/**
 * Orders that run their course, on SQLite and PostgreSQL, each on servers of their own: the
 * shop's clock moves (NOW_OFFSET_FILE under NODE_ENV=test), so no other file may share them.
 * - an unpaid card order past its window is cancelled in one go: stone back in search, coupon use and
 *   store credit returned, the shopper e-mailed; paying by link afterwards answers 409;
 * - 50 concurrent expiry passes, on two app servers sharing the database, cancel each order once;
 * - a server killed (SIGKILL) in the middle of expiring leaves every order whole, and finishes after a restart;
 * - staff ship and cancel orders through the CLI and the admin API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Connection, type Db } from '~/server/db/database.ts';
import { call } from '../support/http-client.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { band, guestEmail, readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';
import { startMailbox, waitForMail, mailsTo, type Mailbox } from '../support/mailbox.ts';
import { freePort, runNode, startServer, stopChild, type TestServer } from '../support/server.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { uniqueCode, uniqueName } from '../support/unique.ts';
import { Shopper } from '../support/shopper.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DIAMONDS = 400;
const CARD_WINDOW_MS = 30 * 60_000;
const stones = seededDiamonds(DIAMONDS).filter((d) => d.available);
let nextStone = 0;
const stone = () => stones[nextStone++]!;
/** Cash on delivery takes orders up to $5,000: cheap stones, taken from the other end of the list. */
const cheap = stones.filter((d) => d.price_cents < 400_000);
const cheapStone = () => cheap.pop()!;

const kinds = ['sqlite', 'postgres'] as const;
let mailbox: Mailbox;
const cleanup: (() => Promise<void>)[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-order-lifecycle-'));

beforeAll(async () => {
  mailbox = await startMailbox(path.join(tmp, 'mail'));
});
afterAll(async () => {
  await closeTestDbs();
  for (const c of cleanup.reverse()) await c();
  await mailbox.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The shop's clock for the servers given this file: `advance` moves it forward for all of them at once. */
function testClock(name: string) {
  const file = path.join(tmp, `${name}.clock`);
  let offset = 0;
  fs.writeFileSync(file, '0');
  return {
    file,
    advance(ms: number) {
      offset += ms;
      fs.writeFileSync(file, String(offset));
    },
  };
}

function serverEnv(clockFile: string, extra: Record<string, string> = {}): Record<string, string> {
  // The timer stays out of the way (an hour); passes run on demand, before stone reads.
  return { NODE_ENV: 'test', NOW_OFFSET_FILE: clockFile, SMTP_URL: mailbox.url, ADMIN_TOKEN, ORDER_EXPIRY_INTERVAL_SECONDS: '3600', ...extra };
}

async function open(databaseUrl: string): Promise<Db> {
  const conn: Connection = await openDatabase(databaseUrl);
  cleanup.push(() => conn.close());
  return conn.db;
}

/** A second app server on the same database (what a load balancer would put beside the first). */
async function secondServer(first: TestServer, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/serve.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: first.databaseUrl,
      VAR_DIR: path.join(tmp, `var-${port}`),
      SITE_URL: url,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  cleanup.push(() => stopChild(child));
  await expect.poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 60_000, interval: 100 }).toBe(200);
  return { url, child };
}

/** A search narrowed to one stone's shape, carat and price: whether the stone is listed. */
async function inSearch(base: string, s: (typeof stones)[number]): Promise<boolean> {
  const price = s.price_cents / 100;
  const filters = { shape: [s.shape], carat: { min: s.carat, max: s.carat }, price: { min: price, max: price } };
  const res = await call(base, 'GET', `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '100' })}`);
  expect(res.status).toBe(200);
  return res.body.data.some((d: { id: number }) => d.id === s.id);
}

/** Fills the hosted test payment page's form, as a browser without JavaScript would. */
async function payOnGateway(base: string, redirect: string, card = '4242 4242 4242 4242') {
  const res = await fetch(new URL(redirect, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada Lovelace', card_number: card, expiry: '12/39', cvc: '123' }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, base);
}

/** Runs `npm run orders -- …` (the built CLI) on the server's database and clock. */
function ordersCli(server: TestServer, clockFile: string, args: string[]) {
  return runNode([path.join(root, 'dist/cli/cli.mjs'), 'orders', ...args], {
    ...process.env,
    DATABASE_URL: server.databaseUrl,
    NODE_ENV: 'test',
    NOW_OFFSET_FILE: clockFile,
    SMTP_URL: mailbox.url,
  });
}

const admin = (base: string, p: string, body?: unknown, token = ADMIN_TOKEN) => call(base, 'POST', p, body, { authorization: `Bearer ${token}` });

/** Whole: an unpaid order holds all it took; a cancelled one holds nothing and gave each thing back once. */
async function expectWhole(db: Db, orderId: number) {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const reservations = await db.selectFrom('diamond_reservations').select('diamond_id').where('order_id', '=', orderId).execute();
  const lines = await db
    .selectFrom('order_items')
    .innerJoin('diamonds', 'diamonds.id', 'order_items.item_id')
    .select(['diamonds.id', 'diamonds.status'])
    .where('order_items.order_id', '=', orderId)
    .execute();
  const credits = await db.selectFrom('store_credit_ledger').select('amount_cents').where('order_id', '=', orderId).execute();
  const history = await db.selectFrom('order_status_history').select('status').where('order_id', '=', orderId).orderBy('id').execute();
  if (o.status === 'canceled') {
    expect(o.cancel_reason).toBe('payment_not_received');
    expect(reservations).toHaveLength(0);
    for (const l of lines) expect(l.status).toBe('available');
    expect(credits.reduce((s, c) => s + c.amount_cents, 0)).toBe(0);
    expect(credits.filter((c) => c.amount_cents > 0).length).toBe(o.store_credit_cents > 0 ? 1 : 0);
    expect(history.map((h) => h.status)).toEqual(['pending_payment', 'canceled']);
  } else {
    expect(o.status).toBe('pending_payment');
    expect(reservations).toHaveLength(lines.length);
    for (const l of lines) expect(l.status).toBe('reserved');
    expect(credits.reduce((s, c) => s + c.amount_cents, 0) + o.store_credit_cents).toBe(0);
    expect(history.map((h) => h.status)).toEqual(['pending_payment']);
  }
  return o.status;
}

/** `count` card orders of guests, each for one stone: answers their ids and stones. */
async function placeCardOrders(base: string, count: number) {
  const placed: { id: number; stone: (typeof stones)[number]; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const s = new Shopper(base);
    const diamond = stone();
    const email = guestEmail();
    await readyCart(s, { diamonds: [diamond.id], email, method: 'card' });
    const res = await saveOrder(s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    placed.push({ id: res.body.order.id, stone: diamond, email });
  }
  return placed;
}

describe.each(kinds)('order lifecycle on %s', (kind) => {
  let server: TestServer;
  let clock: ReturnType<typeof testClock>;
  let db: Db;

  beforeAll(async () => {
    clock = testClock(`main-${kind}`);
    // A short pause inside each expiry transaction widens the window the SIGKILL test aims at.
    server = await startServer(kind, { diamonds: DIAMONDS, env: serverEnv(clock.file, { ORDER_EXPIRY_TEST_PAUSE_MS: '25' }) });
    cleanup.push(() => server.stop());
    db = await open(server.databaseUrl);
  }, 120_000);

  it('cancels a card order left unpaid past its window: stone back in search, coupon use and credit returned, e-mail sent; paying after answers 409', {
    timeout: 60_000,
  }, async () => {
    const customer = await seedCustomer(server.databaseUrl);
    await db
      .insertInto('store_credit_ledger')
      .values({ customer_id: customer.id, amount_cents: 2_500, reason: 'Goodwill', order_id: null, created_at: new Date().toISOString() })
      .execute();
    const code = uniqueCode('HOLD');
    await db
      .insertInto('coupons')
      .values({
        code,
        kind: 'fixed',
        value: 5000,
        min_subtotal_cents: 0,
        expires_at: null,
        usage_limit: 10,
        per_customer_limit: 1,
        times_used: 0,
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const s = signedIn(server.url, customer.token);
    const diamond = stone();
    await readyCart(s, { diamonds: [diamond.id], products: [{ id: band.id, variant: band.variants[0]!.id }], method: 'card', coupon: code });
    expect((await s.post('/api/checkout/cart/store-credits', { amount: 25 })).status).toBe(200);
    const placed = await saveOrder(s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { id, order_token } = placed.body.order;
    expect(placed.body.order).toMatchObject({ status: 'pending_payment', status_label: 'Pending payment', store_credit_amount: 25, discount_amount: 50 });
    expect(await inSearch(server.url, diamond)).toBe(false);
    const before = (await s.get(`/api/order/${id}`)).body.data;
    expect(Date.parse(before.payment_due_at) - Date.parse(before.created_at)).toBe(CARD_WINDOW_MS);

    // One minute before the window ends nothing happens; one minute after, the order is cancelled.
    clock.advance(CARD_WINDOW_MS - 60_000);
    expect(await inSearch(server.url, diamond)).toBe(false);
    expect((await s.get(`/api/order/${id}`)).body.data.status).toBe('pending_payment');
    clock.advance(2 * 60_000);
    expect(await inSearch(server.url, diamond)).toBe(true);

    const after = (await s.get(`/api/order/${id}`)).body.data;
    expect(after).toMatchObject({ status: 'canceled', status_label: 'Cancelled: payment not received', is_unpaid: false, payment_due_at: null });
    expect(after.status_history.map((h: { status_label: string }) => h.status_label)).toEqual(['Pending payment', 'Cancelled: payment not received']);
    expect(Date.parse(after.status_history[1].created_at)).toBeGreaterThanOrEqual(Date.parse(before.payment_due_at));
    expect(await expectWhole(db, id)).toBe('canceled');
    const coupon = await db.selectFrom('coupons').select('times_used').where('code', '=', code).executeTakeFirstOrThrow();
    expect(coupon.times_used).toBe(0);
    expect(await db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', id).execute()).toHaveLength(0);
    const balance = await db
      .selectFrom('store_credit_ledger')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('n'))
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.n)).toBe(2_500);
    const mail = await waitForMail(mailbox.dir, customer.email, /cancelled: payment not received/);
    expect(mail.text).toContain(`/diamonds/${diamond.id}`);
    expect(mail.text).toMatch(/nothing has been charged/);
    // The staff are told too (STAFF_EMAIL unset: the shop's own address), once.
    // (Each database numbers its orders from AU100001, so the notice is known by the shopper's address.)
    const notices = () =>
      mailsTo(mailbox.dir, shopConfig.email).filter(
        (m) => m.subject === `Order ${placed.body.order.increment_id} cancelled` && m.text.includes(`(${customer.email}) was cancelled: payment not received.`),
      );
    await expect.poll(() => notices().length, { timeout: 20_000 }).toBe(1);

    // Paying afterwards, by the link or an open payment session, is refused and charges nothing.
    const link = await s.post('/api/orders/createOrderPaymentLink', { id });
    expect(link).toMatchObject({ status: 409, body: { message: 'This order has expired; its pieces have been released' } });
    const pay = await s.post('/api/checkout/update-order', { orderId: id, orderToken: order_token, paymentMethod: 'card', paymentData: {} });
    expect(pay).toMatchObject({ status: 409, body: { message: 'This order has expired; its pieces have been released' } });
    const back = await payOnGateway(server.url, placed.body.redirect_url);
    const late = await s.post('/api/checkout/update-order', {
      orderId: id,
      orderToken: order_token,
      paymentMethod: 'card',
      paymentData: { session: back.searchParams.get('session') },
    });
    expect(late.status).toBe(409);
    // The order's session ended with it: it can never be paid.
    expect(await db.selectFrom('payment_sessions').select('status').where('order_id', '=', id).execute()).toEqual([{ status: 'expired' }]);

    // The stone and the coupon can be had again.
    const again = signedIn(server.url, customer.token);
    await readyCart(again, { diamonds: [diamond.id], method: 'banktransfer', coupon: code });
    const second = await saveOrder(again);
    expect(second.body.order).toMatchObject({ status: 'pending', discount_amount: 50 });
    const due = (await again.get(`/api/order/${second.body.order.id}`)).body.data.payment_due_at;
    expect(Date.parse(due) - Date.parse(second.body.order.created_at)).toBe(72 * 3_600_000);
  });

  it('50 concurrent expiry passes on two app servers cancel each order exactly once', { timeout: 120_000 }, async () => {
    const other = await secondServer(server, serverEnv(clock.file));
    const orders = await placeCardOrders(server.url, 12);
    clock.advance(CARD_WINDOW_MS + 60_000);
    // 50 requests that each run an expiry pass before reading stones, split between the two servers,
    // and two CLI passes besides.
    const bases = [server.url, other.url];
    const started = performance.now();
    const [answers, cli] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => call(bases[i % 2]!, 'GET', `/catalog/api/diamonds/${orders[i % orders.length]!.stone.id}`))),
      Promise.all([ordersCli(server, clock.file, ['expire']), ordersCli(server, clock.file, ['expire'])]),
    ]);
    console.info(
      `concurrent expiry on ${kind}: 50 requests on 2 servers + 2 CLI passes, ${orders.length} orders, ${Math.round(performance.now() - started)} ms`,
    );
    for (const a of answers) expect(a.status).toBe(200);
    for (const c of cli) expect(c.status, c.output).toBe(0);
    for (const o of orders) {
      expect(await expectWhole(db, o.id)).toBe('canceled');
      expect(await inSearch(bases[o.id % 2]!, o.stone)).toBe(true);
    }
    // One e-mail per order.
    for (const o of orders) await waitForMail(mailbox.dir, o.email, /cancelled: payment not received/);
    for (const o of orders) expect(mailsTo(mailbox.dir, o.email).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);
    await stopChild(other.child);
  });

  // PostgreSQL only: 50 connections in this process on SQLite would wait on each other's write lock synchronously.
  if (kind === 'postgres') {
    it('50 expiry passes at once, each on a connection of its own, cancel each order exactly once (FOR UPDATE SKIP LOCKED)', { timeout: 120_000 }, async () => {
      const orders = await placeCardOrders(server.url, 10);
      clock.advance(CARD_WINDOW_MS + 60_000);
      // The passes run here, on the shop's code: this process's clock and mail are the servers'.
      Object.assign(process.env, { NOW_OFFSET_FILE: clock.file, SMTP_URL: mailbox.url, SITE_URL: server.url });
      const { runExpiryPass } = await import('~/server/orders/order-lifecycle.ts');
      const conns = await Promise.all(Array.from({ length: 50 }, () => openDatabase(server.databaseUrl)));
      cleanup.push(async () => void (await Promise.all(conns.map((c) => c.close()))));
      const started = performance.now();
      const counts = await Promise.all(conns.map((c) => runExpiryPass(c.db)));
      console.info(
        `50 concurrent expiry passes on ${kind}: ${counts.filter((n) => n > 0).length} passes cancelled ${counts.reduce((a, b) => a + b, 0)} orders in ${Math.round(performance.now() - started)} ms`,
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(orders.length);
      for (const o of orders) expect(await expectWhole(db, o.id)).toBe('canceled');
      for (const o of orders) await waitForMail(mailbox.dir, o.email, /cancelled: payment not received/);
      for (const o of orders) expect(mailsTo(mailbox.dir, o.email).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);
    });
  }

  it('a server killed with SIGKILL while expiring leaves every order whole, and finishes after a restart', { timeout: 120_000 }, async () => {
    const orders = await placeCardOrders(server.url, 20);
    clock.advance(CARD_WINDOW_MS + 60_000);
    const ids = orders.map((o) => o.id);
    const canceled = async () => (await db.selectFrom('orders').select('id').where('id', 'in', ids).where('status', '=', 'canceled').execute()).length;
    // A stone read starts the pass; the server dies as soon as the first order is cancelled.
    const trigger = call(server.url, 'GET', `/catalog/api/diamonds/${orders[0]!.stone.id}`).catch(() => undefined);
    await expect.poll(canceled, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
    await server.kill();
    await trigger;
    const atKill = await canceled();
    console.info(`SIGKILL during expiry on ${kind}: ${atKill} of ${ids.length} orders cancelled when the server died`);
    expect(atKill).toBeLessThan(ids.length);
    for (const id of ids) await expectWhole(db, id);

    await server.restart();
    expect(await inSearch(server.url, orders.at(-1)!.stone)).toBe(true);
    for (const id of ids) expect(await expectWhole(db, id)).toBe('canceled');
  });

  it('ships and cancels orders through the CLI and the admin API', { timeout: 180_000 }, async () => {
    const customer = await seedCustomer(server.databaseUrl);
    const place = async (method: 'card' | 'banktransfer' | 'cashondelivery', pay = false) => {
      const s = signedIn(server.url, customer.token);
      const diamond = method === 'cashondelivery' ? cheapStone() : stone();
      await readyCart(s, { diamonds: [diamond.id], method });
      const res = await saveOrder(s);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (pay) {
        const back = await payOnGateway(server.url, res.body.redirect_url);
        const paid = await s.post('/api/checkout/update-order', {
          orderId: res.body.order.id,
          orderToken: res.body.order.order_token,
          paymentMethod: 'card',
          paymentData: { session: back.searchParams.get('session') },
        });
        expect(paid.body.order.status).toBe('processing');
      }
      return { s, diamond, order: res.body.order as { id: number; increment_id: string; grand_total: number } };
    };

    // Admin API: ship a paid order; the shopper sees the history and the tracking number and gets a link.
    const a = await place('card', true);
    expect((await admin(server.url, `/api/admin/orders/${a.order.id}/ship`, { carrier: 'UPS', tracking: '1Z999AA10123456784' }, 'wrong')).status).toBe(401);
    const bad = await admin(server.url, `/api/admin/orders/${a.order.id}/ship`, { carrier: 'UPS' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('tracking');
    expect((await admin(server.url, '/api/admin/orders/AU999999999/ship', { carrier: 'UPS', tracking: '1Z999' })).status).toBe(404);
    const shipped = await admin(server.url, `/api/admin/orders/${a.order.id}/ship`, { carrier: 'UPS', tracking: '1Z999AA10123456784' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: 'shipped', status_label: 'Shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    const view = (await a.s.get(`/api/order/${a.order.id}`)).body.data;
    expect(view).toMatchObject({
      status_label: 'Shipped',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(view.status_history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'processing', 'shipped']);
    for (const h of view.status_history) expect(Number.isNaN(Date.parse(h.created_at))).toBe(false);
    // The earlier tests' cancellations (each with the shopper's and the staff's e-mail) may still be going
    // out, oldest first: the shipping notice waits its turn.
    const shippedAt = Date.now();
    const mail = await waitForMail(mailbox.dir, customer.email, /has shipped/, 1, 90_000);
    console.log(`shipping notice on ${kind} arrived after ${Date.now() - shippedAt} ms`);
    expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const twice = await admin(server.url, `/api/admin/orders/${a.order.id}/ship`, { carrier: 'UPS', tracking: '1Z999AA10123456784' });
    expect(twice.status).toBe(409);
    expect((await admin(server.url, `/api/admin/orders/${a.order.id}/cancel`)).status).toBe(409);

    // Admin API: cancel a paid order: refunded in full through its provider (here the test gateway), the stone back on sale.
    const b = await place('card', true);
    const canceled = await admin(server.url, `/api/admin/orders/${b.order.increment_id}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({
      status: 'canceled',
      status_label: 'Cancelled',
      refunds: [{ amount_cents: Math.round(b.order.grand_total * 100), provider: 'test', status: 'succeeded' }],
      refundable_cents: 0,
    });
    expect(canceled.body.data.refunds[0].provider_refund_id).toMatch(/^tre_/);
    expect(await inSearch(server.url, b.diamond)).toBe(true);
    expect((await a.s.get(`/api/order/${b.order.id}`)).body.data.status_history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'processing',
      'canceled',
      'refund',
    ]);

    // CLI: list, ship, cancel (an unpaid bank-transfer order: no refund line), and refusals.
    const c = await place('cashondelivery');
    const d = await place('banktransfer');
    const list = await ordersCli(server, clock.file, ['list', '--status', 'processing']);
    expect(list.status, list.output).toBe(0);
    expect(list.stdout).toContain(c.order.increment_id);
    expect(list.stdout).not.toContain(d.order.increment_id);
    const ship = await ordersCli(server, clock.file, ['ship', c.order.increment_id, '--carrier', 'FedEx', '--tracking', '771234567890']);
    expect(ship.status, ship.output).toBe(0);
    expect(ship.stdout).toContain(`${c.order.increment_id} Shipped · FedEx 771234567890`);
    const cancel = await ordersCli(server, clock.file, ['cancel', d.order.increment_id]);
    expect(cancel.status, cancel.output).toBe(0);
    expect(cancel.stdout).toContain(`${d.order.increment_id} Cancelled`);
    expect(await db.selectFrom('order_refunds').select('id').where('order_id', '=', d.order.id).execute()).toHaveLength(0);
    expect(await inSearch(server.url, d.diamond)).toBe(true);
    // The activity record says who did what: the command line shipped one and cancelled the other.
    const record = await db
      .selectFrom('staff_activity')
      .select(['actor', 'action', 'subject_id'])
      .where('subject_id', 'in', [c.order.increment_id, d.order.increment_id])
      .orderBy('id')
      .execute();
    expect(record).toEqual([
      { actor: 'cli', action: 'order.ship', subject_id: c.order.increment_id },
      { actor: 'cli', action: 'order.cancel', subject_id: d.order.increment_id },
    ]);
    // A staff-cancelled unpaid order is never called paid: update-order and its payment link say it was cancelled.
    const { order_token } = d.order as unknown as { order_token: string };
    const payCancelled = await d.s.post('/api/checkout/update-order', { orderId: d.order.id, orderToken: order_token, paymentMethod: 'card', paymentData: {} });
    expect(payCancelled.status).toBe(409);
    expect(payCancelled.body).toMatchObject({ code: 'order_canceled', message: 'This order was cancelled, so it can no longer be paid.' });
    const link = await fetch(`${server.url}/checkout/order-payment?order=${d.order.id}&token=${order_token}`, { redirect: 'manual' });
    expect(link.status).toBe(200);
    const linkPage = await link.text();
    expect(linkPage).toContain('This order was cancelled, so it can no longer be paid.');
    expect(linkPage).not.toMatch(/Thank you for your order|This order is paid|>Pay \$/);
    const refused = await ordersCli(server, clock.file, ['cancel', c.order.increment_id]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/cannot be cancelled: it is shipped/);
    const usage = await ordersCli(server, clock.file, ['ship', c.order.increment_id, '--carrier', 'FedEx']);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toMatch(/--tracking/);
    expect((await ordersCli(server, clock.file, ['list', '--status', 'lost'])).stderr).toMatch(/--status takes one of/);
    const shippedList = await ordersCli(server, clock.file, ['list', '--status', 'shipped']);
    expect(shippedList.stdout).toContain(c.order.increment_id);
    expect(shippedList.stdout).toContain(a.order.increment_id);
  });
});

describe.each(kinds)('sign-up limits on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: 50, env: { REGISTER_IP_LIMIT: '4', SMTP_URL: mailbox.url } });
    cleanup.push(() => server.stop());
  }, 120_000);

  const body = (email: string) => ({
    email,
    first_name: 'Ada',
    last_name: 'Lovelace',
    password: 'a long passphrase',
    password_confirmation: 'a long passphrase',
  });

  it('allows REGISTER_IP_LIMIT sign-ups per client address an hour, then 429 with Retry-After', { timeout: 60_000 }, async () => {
    const known = await seedCustomer(server.databaseUrl);
    const answers = [];
    for (const email of [known.email, ...Array.from({ length: 3 }, () => `${uniqueName('limit')}@example.com`)])
      answers.push(await call(server.url, 'POST', '/api/customer/register', body(email)));
    // A known address is answered exactly as a new one.
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: answers[1]!.status, body: answers[1]!.body });
    expect(answers[0]!.status).toBe(200);
    const over = await call(server.url, 'POST', '/api/customer/register', body(`${uniqueName('limit')}@example.com`));
    expect(over.status).toBe(429);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3_500);
    expect(retry).toBeLessThanOrEqual(3_600);
    expect(over.body.message).toMatch(/Too many attempts/);
  });

  it('allows 3 sign-ups per e-mail address an hour, from any address, known or new alike', { timeout: 60_000 }, async () => {
    const { callFrom, freshAddress } = await import('../support/accounts.ts');
    const known = await seedCustomer(server.databaseUrl);
    const fresh = `${uniqueName('limit')}@example.com`;
    for (const email of [known.email, fresh]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await callFrom(freshAddress(), server.url, 'POST', '/api/customer/register', body(email))).status);
      expect(statuses, email === fresh ? 'new address' : 'known address').toEqual([200, 200, 200, 429]);
    }
  });
});
