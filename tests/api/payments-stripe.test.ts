/**
 * Card payments through Stripe, end to end without the network: the shop's official
 * Stripe SDK talks to a stand-in of Stripe's API on a local port (tests/support/stripe-stand-in.ts),
 * whose objects are held to the schemas derived from the SDK's own declarations, and whose webhook
 * deliveries are signed as Stripe signs them. On SQLite and PostgreSQL, each on a server of its own
 * (the shop's clock moves).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '~/server/db/database.ts';
import { call } from '../support/http-client.ts';
import { closeTestDbs } from '../support/accounts.ts';
import { guestEmail, readyCart, saveOrder } from '../support/checkout.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';
import { mailsTo, startMailbox, waitForMail, type Mailbox } from '../support/mailbox.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { Shopper } from '../support/shopper.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { stripeSchema } from '../support/stripe-schema.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DIAMONDS = 300;
const stones = seededDiamonds(DIAMONDS).filter((d) => d.available);
let nextStone = 0;
const stone = () => stones[nextStone++]!;
const WEBHOOK_SECRET = 'whsec_test_standin_0123456789';
const kinds = ['sqlite', 'postgres'] as const;

let mailbox: Mailbox;
const cleanup: (() => Promise<void>)[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-payments-stripe-'));
const standIns: StripeStandIn[] = [];

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

describe.each(kinds)('Stripe payments on %s', (kind) => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let db: Db;
  let clockFile: string;
  let offsetMs = 0;
  const advance = (ms: number) => {
    offsetMs += ms;
    fs.writeFileSync(clockFile, String(offsetMs));
  };
  const env = () => ({
    NODE_ENV: 'test',
    NOW_OFFSET_FILE: clockFile,
    SMTP_URL: mailbox.url,
    ADMIN_TOKEN,
    ORDER_EXPIRY_INTERVAL_SECONDS: '3600',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  const cli = (args: string[]) =>
    runNode([path.join(root, 'dist/cli/cli.mjs'), 'orders', ...args], { ...process.env, DATABASE_URL: server.databaseUrl, ...env() });

  beforeAll(async () => {
    clockFile = path.join(tmp, `${kind}.clock`);
    fs.writeFileSync(clockFile, '0');
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    standIns.push(stripe);
    cleanup.push(() => stripe.stop());
    server = await startServer(kind, { diamonds: DIAMONDS, env: env() });
    cleanup.push(() => server.stop());
    stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    const conn = await openDatabase(server.databaseUrl);
    cleanup.push(() => conn.close());
    db = conn.db;
  }, 120_000);

  /** A guest's card order for one stone: its answer, the stone, the Stripe session id. */
  async function cardOrder(diamond = stone()) {
    const s = new Shopper(server.url);
    const email = guestEmail();
    await readyCart(s, { diamonds: [diamond.id], email, method: 'card' });
    const res = await saveOrder(s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const redirect = String(res.body.redirect_url);
    expect(redirect.startsWith(`${stripe.url}/c/pay/cs_test_`)).toBe(true);
    const order = res.body.order as { id: number; increment_id: string; order_token: string; grand_total: number; email: string };
    return { s, email, diamond, order, sessionId: redirect.split('/').pop()!, cents: Math.round(order.grand_total * 100) };
  }
  const orderRow = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) =>
    (await db.selectFrom('order_status_history').select('status').where('order_id', '=', id).orderBy('id').execute()).map((h) => h.status);
  const update = (o: Awaited<ReturnType<typeof cardOrder>>, session?: string) =>
    o.s.post('/api/checkout/update-order', {
      orderId: o.order.id,
      orderToken: o.order.order_token,
      paymentMethod: 'card',
      paymentData: session ? { session } : {},
    });
  /** Stripe sessions the shop created for this order (by their metadata). */
  const sessionsOf = (orderId: number) => [...stripe.sessions.values()].filter((s) => s.metadata.order_id === String(orderId));

  it('a card order opens one Checkout Session for the grand total; another "Pay", even ten at once, opens no second payable session', {
    timeout: 60_000,
  }, async () => {
    const o = await cardOrder();
    const created = stripe.calls('POST', '/v1/checkout/sessions').filter((r) => r.body.metadata?.order_id === String(o.order.id));
    expect(created).toHaveLength(1);
    const body = created[0]!.body;
    expect(body).toMatchObject({ mode: 'payment', currency: 'usd', client_reference_id: o.order.increment_id, metadata: { order_id: String(o.order.id) } });
    expect(created[0]!.idempotencyKey).toBe(`order-${o.order.id}-attempt-1`);
    const lines = body.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[];
    expect(lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0)).toBe(o.cents);
    expect(body.success_url).toBe(
      `${server.url}/checkout/order-payment?order=${o.order.id}&token=${encodeURIComponent(o.order.order_token)}&session={CHECKOUT_SESSION_ID}`,
    );
    expect(body.cancel_url).toBe(`${server.url}/checkout/order-payment?order=${o.order.id}&token=${encodeURIComponent(o.order.order_token)}`);
    const due = Date.parse((await orderRow(o.order.id)).payment_due_at!);
    // No later than the deadline, except that Stripe takes nothing under 30 minutes (the expiry pass closes it at the deadline).
    expect(Number(body.expires_at) * 1000).toBeLessThanOrEqual(Math.max(due, Date.now() + 32 * 60_000));
    expect(stripe.sessions.get(o.sessionId)!.amount_total).toBe(o.cents);

    const again = await update(o);
    expect(again.status).toBe(200);
    expect(again.body.redirect_url).toBe(`${stripe.url}/c/pay/${o.sessionId}`);
    const ten = await Promise.all(Array.from({ length: 10 }, () => update(o)));
    for (const t of ten) expect(t.body.redirect_url).toBe(`${stripe.url}/c/pay/${o.sessionId}`);
    expect(sessionsOf(o.order.id).filter((s) => s.status === 'open')).toHaveLength(1);
    expect(await db.selectFrom('payment_sessions').select('id').where('order_id', '=', o.order.id).execute()).toEqual([{ id: o.sessionId }]);

    // Expired at Stripe (say, from its dashboard): the next "Pay" opens a new session, the old one stays dead.
    await call(stripe.url, 'POST', `/v1/checkout/sessions/${o.sessionId}/expire`, undefined, { authorization: 'Bearer sk_test_standin' });
    expect(await stripe.deliver(stripe.event('checkout.session.expired', stripe.sessions.get(o.sessionId)!))).toBe(200);
    expect(await db.selectFrom('payment_sessions').select('status').where('id', '=', o.sessionId).execute()).toEqual([{ status: 'expired' }]);
    expect((await orderRow(o.order.id)).status).toBe('pending_payment');
    const fresh = await update(o);
    expect(fresh.body.redirect_url).not.toBe(`${stripe.url}/c/pay/${o.sessionId}`);
    expect(sessionsOf(o.order.id).filter((s) => s.status === 'open')).toHaveLength(1);
    expect(
      stripe
        .calls('POST', '/v1/checkout/sessions')
        .filter((r) => r.body.metadata?.order_id === String(o.order.id))
        .at(-1)!.idempotencyKey,
    ).toBe(`order-${o.order.id}-attempt-2`);
  });

  it('a signed checkout.session.completed pays the order once; its repeat changes nothing; a wrong or missing signature answers 400', {
    timeout: 60_000,
  }, async () => {
    const o = await cardOrder();
    await stripe.pay(o.sessionId, { notify: false });
    const event = stripe.events.at(-1)!;
    const payload = JSON.stringify(event);
    const hook = `${server.url}/api/payments/stripe/webhook`;

    const forged = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, 'whsec_wrong') },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: expect.stringContaining('Stripe-Signature') });
    const unsigned = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    const tampered = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      body: payload.replace(o.sessionId, 'cs_test_other'),
    });
    expect(tampered.status).toBe(400);
    expect((await orderRow(o.order.id)).status).toBe('pending_payment');

    expect(await stripe.deliver(event)).toBe(200);
    const paid = await orderRow(o.order.id);
    expect(paid).toMatchObject({ status: 'processing', payment_provider: 'stripe', payment_reference: stripe.sessions.get(o.sessionId)!.payment_intent });
    expect((await db.selectFrom('diamonds').select('status').where('id', '=', o.diamond.id).executeTakeFirstOrThrow()).status).toBe('sold');
    const receipt = await waitForMail(mailbox.dir, o.email, /Payment received/);
    expect(receipt.text).toContain(o.order.increment_id);
    expect(receipt.text).toContain(`Total: $`);

    // The repeat, and the shopper coming back afterwards: nothing changes, nothing is sent again.
    const repeat = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      body: payload,
    });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ received: true, duplicate: true });
    const back = await update(o, o.sessionId);
    expect(back.body).toMatchObject({ message: 'This order is paid', order: { status: 'processing' } });
    expect(await history(o.order.id)).toEqual(['pending_payment', 'processing']);
    expect((await db.selectFrom('payment_events').select('id').where('id', '=', event.id).execute()).length).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(mailbox.dir, o.email).filter((m) => /Payment received/.test(m.subject))).toHaveLength(1);
  });

  it('the shopper coming back first pays the order; the webhook after it changes nothing', { timeout: 60_000 }, async () => {
    const o = await cardOrder();
    await stripe.pay(o.sessionId, { notify: false });
    const back = await update(o, o.sessionId);
    expect(back.body).toMatchObject({ message: 'Thank you: your payment has been received', order: { status: 'processing' } });
    expect(await stripe.deliver(stripe.events.at(-1)!)).toBe(200);
    expect(await history(o.order.id)).toEqual(['pending_payment', 'processing']);
  });

  it('a session paid with no return and no webhook is found by the expiry pass: the order is paid, not cancelled', { timeout: 60_000 }, async () => {
    const o = await cardOrder();
    await stripe.pay(o.sessionId, { notify: false });
    advance(31 * 60_000);
    const pass = await cli(['expire']);
    expect(pass.status, pass.output).toBe(0);
    expect(await orderRow(o.order.id)).toMatchObject({ status: 'processing', payment_provider: 'stripe' });
    expect(await history(o.order.id)).toEqual(['pending_payment', 'processing']);
    await waitForMail(mailbox.dir, o.email, /Payment received/);

    // An unpaid one past its deadline: its session is expired at Stripe first, then the order is cancelled.
    const unpaid = await cardOrder();
    advance(31 * 60_000);
    expect((await cli(['expire'])).stdout).toMatch(/Expired [1-9]\d* unpaid order/);
    expect(stripe.sessions.get(unpaid.sessionId)!.status).toBe('expired');
    expect((await orderRow(unpaid.order.id)).status).toBe('canceled');
    expect((await stripe.pay(unpaid.sessionId, { notify: false })).declined).toBeTruthy();
  });

  it('a payment that arrives for a lapsed order revives it while its stone is for sale, and is refunded in full at once when the stone was sold meanwhile', {
    timeout: 90_000,
  }, async () => {
    // A delayed payment: the shopper finished on Stripe, the money is confirmed only after the order lapsed.
    const kept = await cardOrder();
    const lost = await cardOrder();
    await stripe.pay(kept.sessionId, { notify: false, async: true });
    await stripe.pay(lost.sessionId, { notify: false, async: true });
    advance(31 * 60_000);
    expect((await cli(['expire'])).status).toBe(0);
    expect((await orderRow(kept.order.id)).status).toBe('canceled');
    expect((await orderRow(lost.order.id)).status).toBe('canceled');
    // Someone else buys the second stone (a bank transfer).
    const other = new Shopper(server.url);
    await readyCart(other, { diamonds: [lost.diamond.id], email: guestEmail(), method: 'banktransfer' });
    expect((await saveOrder(other)).status).toBe(200);

    expect(await stripe.succeedAsync(kept.sessionId)).toBe(200);
    expect(await orderRow(kept.order.id)).toMatchObject({ status: 'processing', cancel_reason: null });
    expect((await db.selectFrom('diamonds').select('status').where('id', '=', kept.diamond.id).executeTakeFirstOrThrow()).status).toBe('sold');
    expect((await waitForMail(mailbox.dir, kept.email, /Payment received/)).text).toMatch(/reinstated your order/);

    expect(await stripe.succeedAsync(lost.sessionId)).toBe(200);
    expect((await orderRow(lost.order.id)).status).toBe('canceled');
    const pi = stripe.sessions.get(lost.sessionId)!.payment_intent;
    const refunds = stripe.calls('POST', '/v1/refunds').filter((r) => r.body.payment_intent === pi);
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.body.amount)).toBe(lost.cents);
    expect(await db.selectFrom('order_refunds').select(['amount_cents', 'status', 'provider']).where('order_id', '=', lost.order.id).execute()).toEqual([
      { amount_cents: lost.cents, status: 'succeeded', provider: 'stripe' },
    ]);
    const mail = await waitForMail(mailbox.dir, lost.email, /has been refunded/);
    expect(mail.text).toMatch(/no longer available/);
    expect(mail.text).toContain(`refunded $`);
  });

  it('cancelling a paid order sends one refund for the grand total, and the e-mail says so once Stripe accepted it', { timeout: 60_000 }, async () => {
    const o = await cardOrder();
    await stripe.pay(o.sessionId);
    await expect.poll(async () => (await orderRow(o.order.id)).status).toBe('processing');
    const pi = stripe.sessions.get(o.sessionId)!.payment_intent;
    const canceled = await admin(server.url, `/api/admin/orders/${o.order.increment_id}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const refunds = stripe.calls('POST', '/v1/refunds').filter((r) => r.body.payment_intent === pi);
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.body.amount)).toBe(o.cents);
    expect(refunds[0]!.idempotencyKey).toMatch(/^refund-/);
    const refundId = [...stripe.refunds.values()].find((r) => r.payment_intent === pi)!.id;
    expect(canceled.body.data).toMatchObject({
      status: 'canceled',
      refunded_cents: o.cents,
      refundable_cents: 0,
      refunds: [{ amount_cents: o.cents, provider: 'stripe', provider_refund_id: refundId, status: 'succeeded' }],
    });
    expect(canceled.body.data.status_history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'processing', 'canceled', 'refund']);
    const mail = await waitForMail(mailbox.dir, o.email, /has been cancelled/);
    expect(mail.text).toContain(`We have refunded $${(o.cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect((await admin(server.url, `/api/admin/orders/${o.order.increment_id}/cancel`)).status).toBe(409);
    expect(stripe.calls('POST', '/v1/refunds').filter((r) => r.body.payment_intent === pi)).toHaveLength(1);
  });

  it('partial refunds by the admin API and the CLI never exceed what was paid, even asked at once', { timeout: 60_000 }, async () => {
    const o = await cardOrder();
    await stripe.pay(o.sessionId);
    await expect.poll(async () => (await orderRow(o.order.id)).status).toBe('processing');
    const pi = stripe.sessions.get(o.sessionId)!.payment_intent;

    const bad = await admin(server.url, `/api/admin/orders/${o.order.id}/refund`, { amount: '12.345' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('amount');
    expect((await admin(server.url, `/api/admin/orders/${o.order.id}/refund`, { amount: 120 }, 'wrong')).status).toBe(401);

    const first = await admin(server.url, `/api/admin/orders/${o.order.id}/refund`, { amount: 120, reason: 'Engraving not possible' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(`Refunded $120.00 on order ${o.order.increment_id}`);
    expect(first.body.data).toMatchObject({ refunded_cents: 12_000, refundable_cents: o.cents - 12_000 });
    expect((await waitForMail(mailbox.dir, o.email, /Refund of \$120\.00/)).text).toContain('Engraving not possible');

    const cliRefund = await cli(['refund', o.order.increment_id, '--amount', '30.00', '--reason', 'Goodwill']);
    expect(cliRefund.status, cliRefund.output).toBe(0);
    expect(cliRefund.stdout).toContain('Refunded $30.00');
    const tooMuch = await cli(['refund', o.order.increment_id, '--amount', ((o.cents - 15_000 + 1) / 100).toFixed(2)]);
    expect(tooMuch.status).toBe(1);
    expect(tooMuch.stderr).toMatch(/at most \$[\d,.]+ can be refunded/);

    // Five at once, each a third of what is left: at most three can pass.
    const left = o.cents - 15_000;
    const third = Math.floor(left / 3);
    const racing = await Promise.all(Array.from({ length: 5 }, () => admin(server.url, `/api/admin/orders/${o.order.id}/refund`, { amount: third / 100 })));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of racing.filter((r) => r.status !== 200))
      expect(r).toMatchObject({ status: 409, body: { errors: { amount: [expect.stringMatching(/at most/)] } } });
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === pi).reduce((s, r) => s + r.amount, 0);
    expect(atStripe).toBe(15_000 + 3 * third);
    expect(atStripe).toBeLessThanOrEqual(o.cents);
    const rows = await db.selectFrom('order_refunds').select(['amount_cents', 'provider_refund_id', 'status']).where('order_id', '=', o.order.id).execute();
    expect(rows.reduce((s, r) => s + r.amount_cents, 0)).toBe(atStripe);
    for (const r of rows) expect(r).toMatchObject({ provider_refund_id: expect.stringMatching(/^re_/), status: 'succeeded' });

    // A refund made in Stripe's dashboard is recorded from charge.refunded, once.
    const rest = o.cents - atStripe;
    await stripe.dashboardRefund(pi, rest);
    await expect
      .poll(async () => (await db.selectFrom('order_refunds').select('id').where('order_id', '=', o.order.id).execute()).length)
      .toBe(rows.length + 1);
    const view = await admin(server.url, `/api/admin/orders/${o.order.id}/refund`, { amount: 0.01 });
    expect(view).toMatchObject({ status: 409, body: { errors: { amount: [expect.stringContaining('at most $0.00')] } } });
  });

  it('with STRIPE_CAPTURE=manual the card is authorised at checkout, captured when the order ships, and released when it is cancelled', {
    timeout: 90_000,
  }, async () => {
    // A second app server on the same database, taking cards by authorisation.
    const manual = await startServer(kind, { sharing: server, env: { ...env(), STRIPE_CAPTURE: 'manual' } });
    cleanup.push(() => manual.stop());
    const place = async () => {
      const s = new Shopper(manual.url);
      const email = guestEmail();
      const diamond = stone();
      await readyCart(s, { diamonds: [diamond.id], email, method: 'card' });
      const res = await saveOrder(s);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sessionId = String(res.body.redirect_url).split('/').pop()!;
      expect(
        stripe.calls('POST', '/v1/checkout/sessions').find((c) => c.body.metadata?.order_id === String(res.body.order.id))!.body.payment_intent_data,
      ).toMatchObject({ capture_method: 'manual' });
      await stripe.pay(sessionId, { notify: false });
      expect(await stripe.deliver(stripe.events.at(-1)!, `${manual.url}/api/payments/stripe/webhook`)).toBe(200);
      return { email, order: res.body.order as { id: number; increment_id: string }, pi: stripe.sessions.get(sessionId)!.payment_intent as string };
    };
    const shipped = await place();
    expect(await orderRow(shipped.order.id)).toMatchObject({ status: 'processing', payment_captured: 0 });
    expect(stripe.intents.get(shipped.pi)!.status).toBe('requires_capture');
    expect((await waitForMail(mailbox.dir, shipped.email, /Payment received/)).text).toContain('authorised on your card');
    const ship = await admin(manual.url, `/api/admin/orders/${shipped.order.id}/ship`, { carrier: 'UPS', tracking: '1Z999AA10123456784' });
    expect(ship.status, JSON.stringify(ship.body)).toBe(200);
    expect(stripe.calls('POST', `/v1/payment_intents/${shipped.pi}/capture`)).toHaveLength(1);
    expect(stripe.intents.get(shipped.pi)!.status).toBe('succeeded');
    expect(await orderRow(shipped.order.id)).toMatchObject({ status: 'shipped', payment_captured: 1 });

    const canceled = await place();
    const cancel = await admin(manual.url, `/api/admin/orders/${canceled.order.id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(stripe.calls('POST', `/v1/payment_intents/${canceled.pi}/cancel`)).toHaveLength(1);
    expect(stripe.intents.get(canceled.pi)!.status).toBe('canceled');
    expect(stripe.calls('POST', '/v1/refunds').filter((r) => r.body.payment_intent === canceled.pi)).toHaveLength(0);
    expect((await waitForMail(mailbox.dir, canceled.email, /has been cancelled/)).text).toContain('nothing has been charged');
  });

  it("every object the stand-in answered or sent has Stripe's shape (schemas derived from the SDK's declarations)", { timeout: 120_000 }, async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const check = (name: string, objects: unknown[]) => {
      expect(objects.length, name).toBeGreaterThan(0);
      const validate = ajv.compile(stripeSchema(name));
      for (const o of objects) expect(validate(o) ? [] : validate.errors!.slice(0, 5), `${name} ${JSON.stringify(o).slice(0, 80)}`).toEqual([]);
    };
    check(
      'CheckoutSession',
      [...stripe.sessions.values()].map((s) => stripe.answer(s)),
    );
    check(
      'PaymentIntent',
      [...stripe.intents.values()].map((s) => stripe.answer(s)),
    );
    check(
      'Refund',
      [...stripe.refunds.values()].map((s) => stripe.answer(s)),
    );
    check(
      'Charge',
      [...stripe.charges.values()].map((s) => stripe.answer(s)),
    );
    check(
      'CheckoutSessionCompletedEvent',
      stripe.events.filter((e) => e.type === 'checkout.session.completed'),
    );
    check(
      'ChargeRefundedEvent',
      stripe.events.filter((e) => e.type === 'charge.refunded'),
    );
    // And the schema is no rubber stamp: a field Stripe does not have, another object's name, a wrong type
    // or a missing field is refused. (The SDK declares most enums open, `'open' | … | OtherString`.)
    const validate = ajv.compile(stripeSchema('CheckoutSession'));
    const one = stripe.answer([...stripe.sessions.values()][0]!);
    expect(validate({ ...one, order_total: 1 })).toBe(false);
    expect(validate({ ...one, object: 'refund' })).toBe(false);
    expect(validate({ ...one, amount_total: '5710.00' })).toBe(false);
    const { url: _url, ...missing } = one;
    expect(validate(missing)).toBe(false);
  });
});
