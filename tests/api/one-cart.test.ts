/**
 * One active cart and one wishlist per customer, held by the database: parallel
 * first adds of a signed-in customer used to make two carts on PostgreSQL, and a line answered 200 sat in
 * the cart nobody read. Now the loser of the insert reads the winner's cart: every line is there.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, testDb } from '../support/accounts.ts';
import { plainProducts, sizeOf } from '../support/catalog-fixtures.ts';

afterAll(closeTestDbs);
vi.setConfig({ testTimeout: 60_000 });

const band = plainProducts[0]!;
const other = plainProducts[1]!;
/** Customers racing at once, each with its own first adds: enough for the race to be met every run. */
const CUSTOMERS = 6;

describe.each(databases)('one cart per customer on $kind', ({ url, databaseUrl }) => {
  it('leaves one active cart with every line after parallel first adds', async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => seedCustomer(databaseUrl)));
    const variants = band.variants.slice(0, 3);
    const answers = await Promise.all(
      customers.flatMap((c) =>
        variants.map((v) =>
          call(
            url,
            'POST',
            '/api/checkout/cart/add',
            { ids: [band.id], is_byo: false, quantity: 1, selected_configurable_option: v.id, ...sizeOf(band.id) },
            c.auth,
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    const db = await testDb(databaseUrl);
    for (const c of customers) {
      const carts = await db.selectFrom('carts').select('id').where('customer_id', '=', c.id).where('is_active', '=', 1).execute();
      expect(carts).toHaveLength(1);
      const cart = await call(url, 'GET', '/api/checkout/cart', undefined, c.auth);
      expect(cart.body.data.id).toBe(carts[0]!.id);
      expect(cart.body.data.items.map((i: { variant_id: number }) => i.variant_id).sort()).toEqual(variants.map((v) => v.id).sort());
    }
  });

  it('leaves one wishlist with every entry after parallel first adds', async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => seedCustomer(databaseUrl)));
    const answers = await Promise.all(customers.flatMap((c) => [band, other].map((p) => call(url, 'POST', `/api/wishlist/add/${p.id}`, {}, c.auth))));
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    const db = await testDb(databaseUrl);
    for (const c of customers) {
      expect(await db.selectFrom('wishlists').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
      const list = await call(url, 'GET', '/api/wishlist', undefined, c.auth);
      expect(list.body.data.map((e: { product_id: number }) => e.product_id).sort()).toEqual([band.id, other.id].sort());
    }
  });

  it('refuses a second active cart for a customer in the database itself', async () => {
    const c = await seedCustomer(databaseUrl);
    const db = await testDb(databaseUrl);
    const now = new Date().toISOString();
    const row = (token: string) => ({ token, customer_id: c.id, is_active: 1 as const, store_credit_cents: 0, created_at: now, updated_at: now });
    await db
      .insertInto('carts')
      .values(row(`one-cart-a-${c.id}`))
      .execute();
    await expect(
      db
        .insertInto('carts')
        .values(row(`one-cart-b-${c.id}`))
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
