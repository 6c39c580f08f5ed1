/** A customer's orders: paged list, detail with line items, payment link; never another customer's. */
import { afterAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, seedOrder, testDb } from '../support/accounts.ts';
import { signedIn } from '../support/checkout.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';

afterAll(closeTestDbs);

describe.each(databases)('orders on $kind', ({ url, databaseUrl }) => {
  it('lists the orders newest first, paged by page and limit', async () => {
    const c = await seedCustomer(databaseUrl);
    const old = await seedOrder(databaseUrl, c.id, { createdAt: '2024-01-01T10:00:00.000Z' });
    const mid = await seedOrder(databaseUrl, c.id, { createdAt: '2024-06-01T10:00:00.000Z', status: 'pending_payment' });
    const last = await seedOrder(databaseUrl, c.id, { createdAt: '2025-01-01T10:00:00.000Z', status: 'completed' });
    await seedOrder(databaseUrl, (await seedCustomer(databaseUrl)).id); // someone else's

    const page1 = await call(url, 'GET', '/api/orders?page=1&limit=2', undefined, c.auth);
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page1.body.data.map((o: any) => o.id)).toEqual([last.id, mid.id]);
    expect(page1.body.data[1]).toMatchObject({
      increment_id: mid.increment_id,
      status: 'pending_payment',
      status_label: 'Pending payment',
      is_unpaid: true,
      items_count: 3,
      grand_total: 2274.98,
      formated_grand_total: '$2,274.98',
    });
    const page2 = await call(url, 'GET', '/api/orders?page=2&limit=2', undefined, c.auth);
    expect(page2.body.data.map((o: any) => o.id)).toEqual([old.id]);
    const defaults = await call(url, 'GET', '/api/orders', undefined, c.auth);
    expect(defaults.body.meta).toMatchObject({ current_page: 1, per_page: 10, total: 3 });
    expect((await call(url, 'GET', '/api/orders?page=9', undefined, c.auth)).body.data).toEqual([]);
  });

  it('refuses a bad page or limit with 400 naming it, and guests with 401', async () => {
    const c = await seedCustomer(databaseUrl);
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=51', 'limit'],
      ['limit=1.5', 'limit'],
    ]) {
      const res = await call(url, 'GET', `/api/orders?${query}`, undefined, c.auth);
      expect(res.status, query).toBe(400);
      expect(res.body.errors).toHaveProperty(field!);
    }
    expect((await call(url, 'GET', '/api/orders')).status).toBe(401);
    expect((await call(url, 'GET', '/api/order/1')).status).toBe(401);
  });

  it('shows one order with its line items, totals and addresses', async () => {
    const c = await seedCustomer(databaseUrl);
    const o = await seedOrder(databaseUrl, c.id);
    const res = await signedIn(url, c.token).send(ordersEndpoints.order, { params: { id: o.id } });
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({
      id: o.id,
      increment_id: o.increment_id,
      status_label: 'Processing',
      sub_total: 2249.98,
      formated_sub_total: '$2,249.98',
      shipping_amount: 25,
      formated_grand_total: '$2,274.98',
      shipping_address: { city: 'New York' },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({
      qty_ordered: 1,
      price: 1250,
      formated_price: '$1,250.00',
      product: { status: true, base_image: { medium_image_url: expect.stringMatching(/^\/images\/jewellery\/.+\.svg$/) } },
    });
    expect(order.items[1]).toMatchObject({
      qty_ordered: 2,
      formated_price: '$499.99',
      formated_total: '$999.98',
      product: { base_image: { medium_image_url: expect.stringMatching(/^\/images\/diamonds\//) } },
    });
    expect((await fetch(url + order.items[0]?.product?.base_image?.medium_image_url)).status).toBe(200);
    expect((await call(url, 'GET', '/api/order/999999', undefined, c.auth)).status).toBe(404);
    expect((await call(url, 'GET', '/api/order/abc', undefined, c.auth)).status).toBe(404);
  });

  it("answers 404 for another customer's order, in the detail and the payment link", async () => {
    const owner = await seedCustomer(databaseUrl);
    const intruder = await seedCustomer(databaseUrl);
    const theirs = await seedOrder(databaseUrl, owner.id, { status: 'pending_payment' });
    const detail = await call(url, 'GET', `/api/order/${theirs.id}`, undefined, intruder.auth);
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe('Order not found');
    expect((await call(url, 'POST', '/api/orders/createOrderPaymentLink', { id: theirs.id }, intruder.auth)).status).toBe(404);
    expect((await call(url, 'GET', '/api/orders', undefined, intruder.auth)).body.meta.total).toBe(0);
    const db = await testDb(databaseUrl);
    expect((await db.selectFrom('orders').select('payment_token').where('id', '=', theirs.id).executeTakeFirstOrThrow()).payment_token).toBeNull();
  });

  it('answers 404, not a database error, for an id beyond the 32-bit ids the database holds', async () => {
    const c = await seedCustomer(databaseUrl);
    for (const id of [2147483648, '9999999999', 999999999999999]) {
      const link = await call(url, 'POST', '/api/orders/createOrderPaymentLink', { id }, c.auth);
      expect(link.status, String(id)).toBe(404);
      expect(link.body.message).toBe('Order not found');
      expect((await call(url, 'GET', `/api/order/${id}`, undefined, c.auth)).status, String(id)).toBe(404);
    }
  });

  it('creates one payment link for an unpaid order, and refuses a paid one', async () => {
    const c = await seedCustomer(databaseUrl);
    const unpaid = await seedOrder(databaseUrl, c.id, { status: 'pending_payment' });
    const paid = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const shopper = signedIn(url, c.token);
    const res = await shopper.send(ordersEndpoints.paymentLink, { body: { id: unpaid.id } });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^/checkout/order-payment\\?order=${unpaid.id}&token=[A-Za-z0-9_-]{43}$`));
    expect(res.body.data.order_id).toBe(unpaid.id);
    const again = await shopper.send(ordersEndpoints.paymentLink, { body: { id: String(unpaid.id) } });
    expect(again.body.url).toBe(res.body.url);
    const refused = await call(url, 'POST', '/api/orders/createOrderPaymentLink', { id: paid.id }, c.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This order does not need a payment');
    expect((await call(url, 'POST', '/api/orders/createOrderPaymentLink', {}, c.auth)).body.errors).toHaveProperty('id');
    expect((await call(url, 'POST', '/api/orders/createOrderPaymentLink', { id: unpaid.id })).status).toBe(401);
  });
});
