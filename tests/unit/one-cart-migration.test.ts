/**
 * Migration 0013 on a database the old race left behind (two active carts, two wishlists for one
 * customer), on SQLite and PostgreSQL (PGlite): the carts fold into the one the shop read (the newest),
 * lines it lacked move over and none is lost, the wishlists fold into the oldest; then the database
 * itself refuses a second active cart or wishlist.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Connection } from '~/server/db/database.ts';
import { migrateTo, migrateToLatest } from '~/server/db/migrate.ts';

const connections: Connection[] = [];
afterAll(async () => {
  for (const c of connections) await c.close();
});

describe.each([':memory:', 'pglite://'])('migration 0014 on %s', (url) => {
  it('folds duplicate carts and wishlists of a customer, then refuses new ones', { timeout: 180_000 }, async () => {
    const conn = await openDatabase(url);
    connections.push(conn);
    const { db } = conn;
    await migrateTo(db, '0012_diamond_source_order');
    // Three catalogue items are all the lines need (the seed of today writes tables of later migrations).
    const now = new Date().toISOString();
    const items: number[] = [];
    for (let i = 0; i < 3; i++) items.push((await db.insertInto('items').values({ kind: 'product' }).returning('id').executeTakeFirstOrThrow()).id);
    const { id: customer } = await db
      .insertInto('customers')
      .values({
        email: 'fold@example.com',
        first_name: 'Ada',
        last_name: 'L',
        password_hash: null,
        is_verified: 0,
        created_at: now,
        updated_at: now,
        gender: null,
        phone: null,
        date_of_birth: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cart = async (token: string) =>
      (
        await db
          .insertInto('carts')
          .values({ token, customer_id: customer, is_active: 1, store_credit_cents: 0, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const older = await cart('fold-older');
    const newer = await cart('fold-newer');
    const line = (cartId: number, itemId: number) => ({
      cart_id: cartId,
      item_id: itemId,
      variant_id: null,
      byo_id: null,
      quantity: 1,
      selected_size: null,
      custom_size: null,
      selected_jewelry_shape: null,
      created_at: now,
    });
    await db
      .insertInto('cart_items')
      .values([line(older, items[0]!), line(older, items[1]!), line(newer, items[1]!), line(newer, items[2]!)])
      .execute();
    const list = async (token: string) =>
      (await db.insertInto('wishlists').values({ token, customer_id: customer, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const first = await list('fold-w1');
    const second = await list('fold-w2');
    const entry = (wishlistId: number, itemId: number) => ({
      wishlist_id: wishlistId,
      item_id: itemId,
      variant_id: null,
      byo_id: null,
      selected_jewelry_shape: null,
      selected_size: null,
      created_at: now,
    });
    await db
      .insertInto('wishlist_items')
      .values([entry(first, items[0]!), entry(second, items[0]!), entry(second, items[2]!)])
      .execute();

    expect(await migrateToLatest(db)).toContain('0014_one_cart_per_owner');

    const active = await db.selectFrom('carts').select('id').where('customer_id', '=', customer).where('is_active', '=', 1).execute();
    expect(active.map((c) => c.id)).toEqual([newer]);
    const lines = await db.selectFrom('cart_items').select('item_id').where('cart_id', '=', newer).orderBy('item_id').execute();
    expect(lines.map((l) => l.item_id)).toEqual([items[0], items[1], items[2]]);
    const lists = await db.selectFrom('wishlists').select('id').where('customer_id', '=', customer).execute();
    expect(lists.map((w) => w.id)).toEqual([first]);
    const entries = await db.selectFrom('wishlist_items').select('item_id').where('wishlist_id', '=', first).orderBy('item_id').execute();
    expect(entries.map((e) => e.item_id)).toEqual([items[0], items[2]]);

    await expect(cart('fold-third')).rejects.toThrow(/unique/i);
    await expect(list('fold-w3')).rejects.toThrow(/unique/i);
    // An inactive (ordered) cart beside the active one is fine.
    await db
      .insertInto('carts')
      .values({ token: 'fold-ordered', customer_id: customer, is_active: 0, store_credit_cents: 0, created_at: now, updated_at: now })
      .execute();
  });
});
