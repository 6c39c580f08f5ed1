/**
 * Two app servers on one database, as behind a load balancer (PostgreSQL), and two server processes on
 * one SQLite file (as two workers of one machine): nothing that matters lives in a process. A cart and
 * a session made on A are used on B; a stone sold on A leaves B's search, listing and detail page at
 * once; failed logins on both count toward one lock; 20 shoppers split across A and B racing for one
 * diamond make one order; and killing A in the middle of checkouts leaves B serving and every order whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { Shopper } from '../support/shopper.ts';
import { guestEmail, readyCart, saveOrder } from '../support/checkout.ts';
import { closeTestDbs, seedCustomer, testDb } from '../support/accounts.ts';
import { call } from '../support/api.ts';

const RACERS = 20;

/** The same shopper (cookies) on the other server. */
function over(shopper: Shopper, base: string): Shopper {
  const other = new Shopper(base);
  for (const [k, v] of shopper.cookies) other.cookies.set(k, v);
  return other;
}

describe.each(DB_KINDS.map((kind) => ({ kind })))('two app servers on one $kind database', ({ kind }) => {
  let a: TestServer;
  let b: TestServer;
  /** Listed stones not yet used by a test. */
  let stones: { id: number; price_cents: number; carat: number }[] = [];
  const stone = () => stones.shift()!;

  beforeAll(async () => {
    a = await startServer(kind, { diamonds: 400 });
    b = await startServer(kind, { sharing: a });
    const db = await testDb(a.databaseUrl);
    // By price, the dearest last: the sold-stone test takes the dearest, first on the listing by price.
    stones = await db
      .selectFrom('diamonds')
      .select(['id', 'price_cents', 'carat'])
      .where('status', '=', 'available')
      .where('is_hidden', '=', 0)
      .orderBy('price_cents')
      .orderBy('id')
      .execute();
  }, 180_000);
  afterAll(async () => {
    await closeTestDbs();
    await b?.stop();
    await a?.stop();
  });

  it('uses a cart and a session made on A on B', async () => {
    const customer = await seedCustomer(a.databaseUrl);
    const onA = new Shopper(a.url);
    expect((await onA.post('/api/customer/login', { email: customer.email, password: customer.password })).status).toBe(200);
    const { id } = stone();
    expect((await onA.post('/api/checkout/cart/add', { ids: [id], quantity: 1 })).status).toBe(200);
    const onB = over(onA, b.url);
    expect((await onB.get('/api/customer/get')).body.data).toMatchObject({ email: customer.email });
    const cart = await onB.get('/api/checkout/cart');
    expect(cart.body.data.items.map((i: { product_id: number }) => i.product_id)).toEqual([id]);
  });

  it("takes a stone sold on A out of B's search, listing page and detail page within a second", async () => {
    const sold = stones.pop()!;
    const price = sold.price_cents / 100;
    const filters = JSON.stringify({ price: { min: price, max: price }, carat: { min: sold.carat, max: sold.carat } });
    const search = async () =>
      (await call(b.url, 'GET', `/catalog/api/diamonds?diamond_filters=${encodeURIComponent(filters)}&page_size=50`)).body.data.map(
        (d: { id: number }) => d.id,
      );
    const listing = () => fetch(`${b.url}/diamonds?sort_by=price&sort_direction=desc`).then((r) => r.text());
    const detail = () => fetch(`${b.url}/diamonds/${sold.id}`).then((r) => r.text());
    expect(await search()).toContain(sold.id);
    expect(await listing()).toContain(`href="/diamonds/${sold.id}"`);
    expect(await detail()).toContain('>Add to cart</button>');

    const buyer = new Shopper(a.url);
    await readyCart(buyer, { diamonds: [sold.id], email: guestEmail() });
    expect((await saveOrder(buyer)).status).toBe(200);
    const within = { timeout: 1000, interval: 50 };
    await expect.poll(search, within).not.toContain(sold.id);
    await expect.poll(listing, within).not.toContain(`href="/diamonds/${sold.id}"`);
    await expect.poll(detail, within).not.toContain('>Add to cart</button>');
    expect(await detail()).toContain('This diamond is reserved');
  });

  it('counts failed logins made on A and on B toward one lock', async () => {
    const customer = await seedCustomer(a.databaseUrl);
    const wrong = { email: customer.email, password: 'not the password' };
    // Five failures lock the account (account-security.test.ts): three here, two there.
    for (const base of [a.url, b.url, a.url, b.url, a.url]) expect((await call(base, 'POST', '/api/customer/login', wrong)).status).toBe(401);
    const locked = await call(b.url, 'POST', '/api/customer/login', { email: customer.email, password: customer.password });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it(`sells one diamond once to ${RACERS} shoppers split across A and B`, async () => {
    const { id } = stone();
    const shoppers = Array.from({ length: RACERS }, (_, i) => new Shopper(i % 2 ? b.url : a.url));
    for (const s of shoppers) await readyCart(s, { diamonds: [id], email: guestEmail() });
    const answers = await Promise.all(shoppers.map((s) => saveOrder(s)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(RACERS - 1);
    const db = await testDb(a.databaseUrl);
    expect(await db.selectFrom('order_items').select('order_id').where('item_id', '=', id).execute()).toHaveLength(1);
  });

  it('keeps B serving and every order whole when A is killed in the middle of checkouts', async () => {
    const picked = Array.from({ length: 8 }, () => stone().id);
    const shoppers = picked.map(() => new Shopper(a.url));
    for (const [i, s] of shoppers.entries()) await readyCart(s, { diamonds: [picked[i]!], email: guestEmail() });
    const inFlight = shoppers.map((s) => saveOrder(s).catch(() => undefined));
    await a.kill();
    await Promise.all(inFlight);

    expect((await call(b.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(b.url, 'GET', '/catalog/api/diamonds')).status).toBe(200);
    // Whole: an order has its line and its stone reserved for it; a stone without an order is on sale.
    const db = await testDb(a.databaseUrl);
    for (const id of picked) {
      const lines = await db.selectFrom('order_items').select('order_id').where('item_id', '=', id).execute();
      const row = await db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      const held = await db.selectFrom('diamond_reservations').select('order_id').where('diamond_id', '=', id).execute();
      if (lines.length) {
        expect(row.status).toBe('reserved');
        expect(held).toEqual([{ order_id: lines[0]!.order_id }]);
      } else {
        expect(row.status).toBe('available');
        expect(held).toEqual([]);
      }
    }
    // Each shopper asks again on B and gets an order: the one A placed, or one B places now; never two.
    for (const s of shoppers) expect((await saveOrder(over(s, b.url))).status).toBe(200);
    for (const id of picked) expect(await db.selectFrom('order_items').select('order_id').where('item_id', '=', id).execute()).toHaveLength(1);
    await a.restart();
    expect((await call(a.url, 'GET', '/healthz')).status).toBe(200);
  });
});
