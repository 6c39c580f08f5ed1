/**
 * The shop's first guarantee: it cannot be tricked into selling one diamond twice, nor into giving a
 * coupon or store credit more often than allowed, nor into charging a price the client made up. Each
 * race is real: 50 (or 2) requests in flight at once against the server on SQLite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, testDb } from '../support/accounts.ts';
import { band, guestEmail, NEW_YORK, readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { picker } from '../support/stones.ts';
import { Shopper } from '../support/shopper.ts';
import { uniqueCode } from '../support/unique.ts';
import { placeCart } from '~/server/checkout/place-order.ts';

const stone = picker('checkout-integrity');
const RACERS = 50;

afterAll(closeTestDbs);

describe.each(databases)('checkout integrity on $kind', ({ url, databaseUrl }) => {
  it(`sells one diamond once when ${RACERS} shoppers check it out at the same moment`, async () => {
    const diamond = stone();
    const shoppers = Array.from({ length: RACERS }, () => new Shopper(url));
    for (const s of shoppers) await readyCart(s, { diamonds: [diamond.id], email: guestEmail() });
    const answers = await Promise.all(shoppers.map((s) => saveOrder(s)));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(RACERS - 1);
    for (const a of lost)
      expect(a).toMatchObject({
        status: 409,
        body: { message: 'This item is no longer available!', code: 'unavailable', errors: { items: [expect.stringContaining('no longer available')] } },
      });
    const db = await testDb(databaseUrl);
    const reservations = await db.selectFrom('diamond_reservations').selectAll().where('diamond_id', '=', diamond.id).execute();
    expect(reservations).toEqual([expect.objectContaining({ order_id: won[0]!.body.order.id })]);
    const lines = await db.selectFrom('order_items').select('order_id').where('item_id', '=', diamond.id).execute();
    expect(lines).toEqual([{ order_id: won[0]!.body.order.id }]);
    expect((await db.selectFrom('diamonds').select('status').where('id', '=', diamond.id).executeTakeFirstOrThrow()).status).toBe('reserved');
    // The losers keep their carts (with the stone shown as unavailable) and what they typed.
    const loser = shoppers.find((_, i) => answers[i]!.status !== 200)!;
    const cart = await loser.get('/api/checkout/cart');
    expect(cart.body.data.items[0]).toMatchObject({ product_id: diamond.id, is_available: false });
  });

  it(`places one order when one cart is submitted ${RACERS} times at once`, async () => {
    const shopper = new Shopper(url);
    await readyCart(shopper, { diamonds: [stone().id], products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail() });
    const answers = await Promise.all(Array.from({ length: RACERS }, () => saveOrder(shopper)));
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(200));
    const ids = new Set(answers.map((a) => a.body.order.id));
    expect(ids.size).toBe(1);
    const db = await testDb(databaseUrl);
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'cart_id'])
      .where('id', 'in', [...ids])
      .execute();
    expect(orders).toHaveLength(1);
    expect(await db.selectFrom('orders').select('id').where('cart_id', '=', orders[0]!.cart_id).execute()).toHaveLength(1);
    expect(await db.selectFrom('order_items').select('id').where('order_id', '=', orders[0]!.id).execute()).toHaveLength(2);
    // And again later: the same order, never a second.
    const again = await saveOrder(shopper);
    expect(again.body.order.id).toBe(orders[0]!.id);
  });

  it(`gives a single-use coupon's discount once when ${RACERS} carts redeem it at once`, async () => {
    const db = await testDb(databaseUrl);
    const code = uniqueCode('ONCE');
    await db
      .insertInto('coupons')
      .values({
        code,
        kind: 'fixed',
        value: 5000,
        min_subtotal_cents: 0,
        expires_at: null,
        usage_limit: 1,
        per_customer_limit: null,
        times_used: 0,
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const shoppers = Array.from({ length: RACERS }, () => new Shopper(url));
    for (const s of shoppers) await readyCart(s, { products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail(), coupon: code });
    const answers = await Promise.all(shoppers.map((s) => saveOrder(s)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.order).toMatchObject({ coupon_code: code, discount_amount: 50, formated_discount_amount: '$50.00' });
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { code: 'coupon_refused', errors: { code: [expect.stringMatching(/used up/)] } } });
    const coupon = await db.selectFrom('coupons').select('times_used').where('code', '=', code).executeTakeFirstOrThrow();
    expect(coupon.times_used).toBe(1);
    const redemptions = await db
      .selectFrom('coupons')
      .innerJoin('coupon_redemptions', 'coupon_redemptions.coupon_id', 'coupons.id')
      .select('order_id')
      .where('code', '=', code)
      .execute();
    expect(redemptions).toEqual([{ order_id: won[0]!.body.order.id }]);
  });

  it('lets one guest e-mail redeem WELCOME10 (one per customer) once, however many carts race', async () => {
    const email = guestEmail();
    const shoppers = Array.from({ length: 10 }, () => new Shopper(url));
    for (const s of shoppers) await readyCart(s, { products: [{ id: band.id, variant: band.variants[0]!.id }], email, coupon: 'WELCOME10' });
    const answers = await Promise.all(shoppers.map((s) => saveOrder(s)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && /already used/.test(a.body.message))).toHaveLength(9);
  });

  it('never takes store credit below zero when two carts spend it at once', async () => {
    const customer = await seedCustomer(databaseUrl, { password: null });
    const db = await testDb(databaseUrl);
    await db
      .insertInto('store_credit_ledger')
      .values({ customer_id: customer.id, amount_cents: 30_000, reason: 'Goodwill', order_id: null, created_at: new Date().toISOString() })
      .execute();
    // Two carts of one customer: a browser and an API client, each applying the whole balance.
    const first = signedIn(url, customer.token);
    await readyCart(first, { products: [{ id: band.id, variant: band.variants[0]!.id }] });
    expect((await first.post('/api/checkout/cart/store-credits', { amount: 300 })).body.data).toMatchObject({ store_credit_amount: 300 });
    // The second cart: the database holds one active cart per customer (migration 0014), so the first one
    // is taken off the customer's row (still active, its credit still applied) and the customer gets a new cart.
    const firstCart = (await first.get('/api/checkout/cart')).body.data.id;
    await db.updateTable('carts').set({ customer_id: null }).where('id', '=', firstCart).execute();
    const second = signedIn(url, customer.token);
    await readyCart(second, { products: [{ id: band.id, variant: band.variants[1]!.id }] });
    expect((await second.post('/api/checkout/cart/store-credits', { amount: 300 })).body.data).toMatchObject({ store_credit_amount: 300 });
    expect(await db.selectFrom('carts').select('id').where('id', '=', firstCart).where('is_active', '=', 1).executeTakeFirst()).toBeDefined();
    // At once: the server places the customer's cart; a second app process (this test) places the other for the same customer.
    const who = { id: customer.id, email: customer.email, first_name: 'Ada', last_name: 'Lovelace' };
    const [http, direct] = await Promise.all([
      saveOrder(signedIn(url, customer.token)),
      placeCart(db, firstCart, who).then(
        () => ({ status: 200, body: {} }),
        (error: { status?: number; code?: string }) => ({ status: error.status ?? 500, body: { code: error.code } }),
      ),
    ]);
    const answers = [http, direct];
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)).toMatchObject({ status: 409, body: { code: 'credit_changed' } });
    const ledger = await db.selectFrom('store_credit_ledger').select('amount_cents').where('customer_id', '=', customer.id).execute();
    expect(ledger.reduce((s, r) => s + r.amount_cents, 0)).toBe(0);
  });

  it('ignores prices, totals and discounts sent by the client', async () => {
    const shopper = new Shopper(url);
    const diamond = stone();
    await readyCart(shopper, { diamonds: [diamond.id], email: guestEmail() });
    const res = await shopper.post('/api/checkout/save-order', {
      paymentData: { grand_total: 1, price: 1, discount_amount: diamond.price_cents, items: [{ id: diamond.id, price: 1 }] },
      grand_total: 1,
      discount: 99999,
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ sub_total: diamond.price_cents / 100, discount_amount: 0 });
    // The server's own figures: the price, plus New York's sales tax on it (issue 30).
    expect(Math.round(res.body.order.grand_total * 100)).toBe(diamond.price_cents + Math.round(res.body.order.tax_total * 100));
    expect(res.body.order.items[0]).toMatchObject({ price: diamond.price_cents / 100, qty_ordered: 1 });
  });

  it('refuses a tampered shipping rate id, one from another cart, and one for an old address', async () => {
    const a = new Shopper(url);
    const b = new Shopper(url);
    await readyCart(a, { products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail(), rate: 'insured_express' });
    const rates = (await a.post('/api/checkout/get-shipping-rates', {})).body.data;
    const express = rates.find((r: { code: string }) => r.code === 'insured_express');
    await readyCart(b, { products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail() });
    const tampered = express.id.slice(0, -2) + (express.id.endsWith('AA') ? 'BB' : 'AA');
    for (const id of [tampered, 'insured_standard', 'insured_express_free', express.id]) {
      const res = await b.post('/api/checkout/save-shipping', { selected_shipping_rate_id: id });
      expect(res).toMatchObject({ status: 400, body: { code: 'invalid_rate', errors: { selected_shipping_rate_id: [expect.any(String)] } } });
    }
    // A new address makes the chosen rate stale: the order is refused until shipping is chosen again.
    await a.post('/api/checkout/save-address', { billing: { ...NEW_YORK, postcode: '10001', email: guestEmail() } });
    expect((await a.post('/api/checkout/save-shipping', { selected_shipping_rate_id: express.id })).status).toBe(400);
    const refused = await saveOrder(a);
    expect(refused).toMatchObject({ status: 409, body: { code: 'shipping_missing' } });
  });
});
