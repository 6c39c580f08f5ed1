/** Every checkout call with good and bad input, as an API client sees it, on both databases. */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, testDb } from '../support/accounts.ts';
import { band, guestEmail, LONDON, NEW_YORK, readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { picker } from '../support/stones.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { Shopper } from '../support/shopper.ts';
import { uniqueCode } from '../support/unique.ts';

const stone = picker('checkout');
const mailDir = inject('mailDir');
const withBand = { products: [{ id: band.id, variant: band.variants[0]!.id }] };

afterAll(closeTestDbs);

async function withCart(url: string) {
  const s = new Shopper(url);
  expect(
    (await s.post('/api/checkout/cart/add', { ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, selected_size: '7' })).status,
  ).toBe(200);
  return s;
}

/** Fills the hosted test payment page's form, as a browser without JavaScript would. */
async function payOnGateway(base: string, redirect: string, card: string) {
  const page = await fetch(new URL(redirect, base));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Secure payment');
  const res = await fetch(new URL(redirect, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada Lovelace', card_number: card, expiry: '12/39', cvc: '123' }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, base);
}

describe.each(databases)('checkout API on $kind', ({ url, databaseUrl }) => {
  it('lists countries and their states from the dataset; refuses an unknown country', async () => {
    const s = new Shopper(url);
    const countries = await s.send(checkoutEndpoints.countries);
    expect(countries.status).toBe(200);
    expect(countries.body.data.length).toBeGreaterThan(200);
    expect(countries.body.data).toContainEqual({ code: 'US', name: 'United States' });
    const states = await s.send(checkoutEndpoints.states, { body: { country: 'us' } });
    expect(states.body.data).toContainEqual({ code: 'NY', name: 'New York' });
    expect((await s.post('/api/checkout/states', { country: 'ZZ' })).status).toBe(400);
    expect((await s.post('/api/checkout/states', {})).body).toMatchObject({ errors: { country: expect.any(Array) } });
    expect(await s.get('/api/checkout/save-order')).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
  });

  it('saves addresses checked per country and answers the cart with rates', async () => {
    const s = await withCart(url);
    const bad = await s.post('/api/checkout/save-address', { billing: { ...NEW_YORK, postcode: 'ABC', phone: '12', state: 'ZZ' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['billing.postcode', 'billing.phone', 'billing.state', 'billing.email']));
    const missing = await s.post('/api/checkout/save-address', { billing: { city: 'Paris' } });
    expect(missing.body.errors).toMatchObject({ 'billing.address1': ['Enter the street address'], 'billing.country': expect.any(Array) });
    const ok = await s.send(checkoutEndpoints.saveAddress, {
      body: { billing: { ...NEW_YORK, email: guestEmail() }, shipping: LONDON, instructions: 'Ring twice' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cart).toMatchObject({
      billing_address: { state: 'NY', country: 'US' },
      shipping_address: { country: 'GB', city: 'London' },
      instructions: 'Ring twice',
      formated_grand_total: expect.stringMatching(/^\$/),
    });
    for (const r of ok.body.data.rates)
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'carrier_title', 'method_title', 'price', 'formated_price']));
    expect((await new Shopper(url).post('/api/checkout/save-address', { billing: NEW_YORK })).status).toBe(404);
  });

  it('prices shipping by destination and value, without saving anything', async () => {
    const s = await withCart(url);
    const domestic = (await s.post('/api/checkout/get-shipping-rates', { addresses: { shipping: NEW_YORK } })).body.data;
    expect(domestic.map((r: { code: string; price: number }) => [r.code, r.price])).toEqual([
      ['insured_standard', 0],
      ['insured_express', 35],
    ]);
    const abroad = (
      await s.post('/api/checkout/get-shipping-rates', {
        addresses: { shipping: { ...LONDON, country: 'JP', state: '13', postcode: '100-0001', phone: '+81 3-3201-3331' } },
      })
    ).body.data;
    expect(abroad[1].price).toBe(95);
    expect((await s.post('/api/checkout/get-shipping-rates', { addresses: { shipping: { ...NEW_YORK, postcode: 'x' } } })).status).toBe(400);
    expect((await s.post('/api/checkout/get-shipping-rates', {})).body).toMatchObject({ errors: { 'addresses.shipping': expect.any(Array) } });
    expect((await s.post('/api/checkout/save-shipping', {})).body).toMatchObject({ errors: { selected_shipping_rate_id: expect.any(Array) } });
  });

  it('offers cash on delivery for modest US orders only, and saves a method it offers', async () => {
    const s = await withCart(url);
    expect((await s.post('/api/checkout/get-payment-methods', { checkCart: true })).status).toBe(409);
    await readyCart(s, { email: guestEmail() });
    const methods = (await s.post('/api/checkout/get-payment-methods', { checkCart: true })).body.data;
    expect(methods.map((m: { method: string }) => m.method)).toEqual(['card', 'banktransfer', 'cashondelivery']);
    expect(methods[0]).toEqual({ method: 'card', method_title: 'Credit or debit card', description: expect.any(String) });
    expect((await s.post('/api/checkout/save-payment', { payment: { method: 'bitcoin' } })).body).toMatchObject({
      errors: { 'payment.method': expect.any(Array) },
    });
    const abroad = await withCart(url);
    await readyCart(abroad, { address: LONDON, email: guestEmail() });
    const cod = await abroad.post('/api/checkout/save-payment', { payment: { method: 'cashondelivery' } });
    expect(cod).toMatchObject({ status: 400, body: { errors: { 'payment.method': expect.any(Array) } } });
    const saved = await abroad.post('/api/checkout/save-payment', { payment: { method: 'card' } });
    expect(saved.body.data.payment).toEqual({ method: 'card', method_title: 'Credit or debit card' });
  });

  it('applies and removes coupons, refusing unknown, too-small and expired ones', async () => {
    const s = await withCart(url);
    expect((await s.post('/api/checkout/cart/coupon', { code: 'NOPE' })).body).toMatchObject({
      message: 'This coupon code is not valid',
      errors: { code: expect.any(Array) },
    });
    expect((await s.post('/api/checkout/cart/coupon', {})).status).toBe(400);
    const small = await s.post('/api/checkout/cart/coupon', { code: 'sparkle100' });
    expect(small).toMatchObject({ status: 409, body: { message: 'This coupon needs a subtotal of at least $1,000.00' } });
    const db = await testDb(databaseUrl);
    const code = uniqueCode('OLD');
    await db
      .insertInto('coupons')
      .values({
        code,
        kind: 'percent',
        value: 50,
        min_subtotal_cents: 0,
        expires_at: '2020-01-01T00:00:00.000Z',
        usage_limit: null,
        per_customer_limit: null,
        times_used: 0,
        is_active: 1,
        created_at: '2019-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await s.post('/api/checkout/cart/coupon', { code })).body.message).toBe('This coupon has expired');
    const applied = await s.post('/api/checkout/cart/coupon', { code: 'WELCOME10' });
    const sub = applied.body.data.sub_total;
    expect(applied.body.data).toMatchObject({
      coupon_code: 'WELCOME10',
      discount_amount: Math.round(sub * 10) / 100,
      grand_total: sub - Math.round(sub * 10) / 100,
    });
    const removed = await s.delete('/api/checkout/cart/coupon');
    expect(removed.body.data).toMatchObject({ coupon_code: null, discount_amount: 0, formated_discount_amount: '$0.00' });
  });

  it('applies store credit up to the balance and the total, for customers only', async () => {
    const guest = await withCart(url);
    expect((await guest.post('/api/checkout/cart/store-credits', { amount: 10 })).status).toBe(401);
    const customer = await seedCustomer(databaseUrl, { password: null });
    const s = signedIn(url, customer.token);
    await readyCart(s, withBand);
    expect((await s.post('/api/checkout/cart/store-credits', { amount: 10 })).body.code).toBe('no_credit');
    const db = await testDb(databaseUrl);
    await db
      .insertInto('store_credit_ledger')
      .values({ customer_id: customer.id, amount_cents: 2_500, reason: 'Goodwill', order_id: null, created_at: new Date().toISOString() })
      .execute();
    expect((await s.post('/api/checkout/cart/store-credits', { amount: -5 })).status).toBe(400);
    expect((await s.post('/api/checkout/cart/store-credits', { amount: 'lots' })).status).toBe(400);
    const applied = await s.post('/api/checkout/cart/store-credits', { amount: 100 });
    expect(applied.body).toMatchObject({
      message: '$25.00 of store credit applied',
      data: { store_credit_amount: 25, store_credit_balance: 25, formated_store_credit_amount: '$25.00' },
    });
    // New York's sales tax is on the price; store credit pays the total with its tax (issue 30).
    expect(applied.body.data.grand_total).toBeCloseTo(applied.body.data.sub_total + applied.body.data.tax_total - 25, 2);
    const removed = await s.delete('/api/checkout/cart/delete-storecredits', { data: {} });
    expect(removed.body.data.store_credit_amount).toBe(0);
    await s.post('/api/checkout/cart/store-credits', { amount: 25 });
    const placed = await saveOrder(s);
    expect(placed.body.order).toMatchObject({ store_credit_amount: 25, email: customer.email });
    const orders = await s.get('/api/orders');
    expect(orders.body.data[0]).toMatchObject({ id: placed.body.order.id, increment_id: placed.body.order.increment_id });
  });

  it('places a guest order: an account without password, an invite and a confirmation e-mail', async () => {
    const s = new Shopper(url);
    const email = guestEmail();
    const diamond = stone();
    await readyCart(s, { diamonds: [diamond.id], ...withBand, email, rate: 'insured_express' });
    const res = await saveOrder(s);
    expect(res.status).toBe(200);
    const { order } = res.body;
    expect(order).toMatchObject({
      increment_id: expect.stringMatching(/^AU\d+$/),
      status: 'pending',
      payment_method: 'banktransfer',
      email,
      formated_grand_total: expect.stringMatching(/^\$/),
      order_token: expect.any(String),
    });
    expect(order.items).toHaveLength(2);
    expect(order.grand_total).toBeCloseTo(order.sub_total + order.shipping_amount + order.tax_total, 2);
    const confirmation = await waitForMail(mailDir, email, /Your order AU/);
    expect(confirmation.text).toContain(order.increment_id);
    const invite = await waitForMail(mailDir, email, /password/i);
    expect(linkIn(invite, '/customer/first-time-login').pathname).toBe('/customer/first-time-login');
    expect((await s.get('/api/checkout/cart')).body.data.items).toEqual([]);
    const page = await fetch(`${url}/checkout/success?order=${order.id}&token=${order.order_token}`);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(await page.text()).toContain(order.increment_id);
    expect((await fetch(`${url}/checkout/success?order=${order.id}&token=wrong`)).status).toBe(404);
  });

  it('pays a card order on the test gateway; a declined card can be paid later by link', async () => {
    const customer = await seedCustomer(databaseUrl, { password: null });
    const s = signedIn(url, customer.token);
    const diamond = stone();
    await readyCart(s, { diamonds: [diamond.id], method: 'card' });
    const placed = await saveOrder(s);
    expect(placed.body).toMatchObject({ redirect_url: expect.stringMatching(/^\/checkout\/payment-gateway\?session=/), order: { status: 'pending_payment' } });
    const back = await payOnGateway(url, placed.body.redirect_url, '4000 0000 0000 0002');
    expect(back.pathname).toBe('/checkout/order-payment');
    const { id, order_token } = placed.body.order;
    const declined = await s.post('/api/checkout/update-order', {
      orderId: id,
      orderToken: order_token,
      paymentMethod: 'card',
      paymentData: { session: back.searchParams.get('session') },
    });
    expect(declined).toMatchObject({ status: 402, body: { message: 'Your card was declined. Please try again with another card.' } });
    expect((await s.post('/api/checkout/update-order', { orderId: id, orderToken: 'x'.repeat(40), paymentMethod: 'card' })).status).toBe(404);
    expect((await s.post('/api/checkout/update-order', { orderToken: order_token })).body).toMatchObject({ errors: { orderId: expect.any(Array) } });
    expect((await s.post('/api/checkout/update-order', { orderId: id, orderToken: order_token, cart_id: 999999 })).status).toBe(400);
    // Later, by the payment link of the accounts API.
    const link = await s.post('/api/orders/createOrderPaymentLink', { id });
    expect(link.body.url).toBe(`/checkout/order-payment?order=${id}&token=${encodeURIComponent(order_token)}`);
    const again = await s.post('/api/checkout/update-order', { cart_id: null, orderId: id, orderToken: order_token, paymentMethod: 'card', paymentData: {} });
    expect(again.body.redirect_url).toMatch(/^\/checkout\/payment-gateway\?session=/);
    const paidBack = await payOnGateway(url, again.body.redirect_url, '4242 4242 4242 4242');
    const paid = await s.post('/api/checkout/update-order', {
      orderId: id,
      orderToken: order_token,
      paymentMethod: 'card',
      paymentData: { session: paidBack.searchParams.get('session') },
    });
    expect(paid.body.order).toMatchObject({ status: 'processing', is_unpaid: false });
    const db = await testDb(databaseUrl);
    expect((await db.selectFrom('diamonds').select('status').where('id', '=', diamond.id).executeTakeFirstOrThrow()).status).toBe('sold');
    expect((await s.get(`/api/order/${id}`)).body.data.status).toBe('processing');
  });

  it('refuses an order with nothing to order, no shipping, or a stone sold meanwhile', async () => {
    expect((await saveOrder(new Shopper(url))).status).toBe(404);
    const s = await withCart(url);
    expect((await saveOrder(s)).body.code).toBe('address_missing');
    const t = new Shopper(url);
    const diamond = stone();
    await readyCart(t, { diamonds: [diamond.id], email: guestEmail() });
    const db = await testDb(databaseUrl);
    await db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', diamond.id).execute();
    expect(await saveOrder(t)).toMatchObject({ status: 409, body: { message: 'This item is no longer available!' } });
    expect((await t.get('/api/checkout/cart')).body.data.items).toHaveLength(1);
  });
});
