/**
 * One active cart and one wishlist per customer, held by the database: two parallel first adds of a
 * signed-in customer made two active carts on PostgreSQL (each request saw none and inserted one), and
 * a line that had answered 200 sat in the cart nobody read. A partial unique index on the active cart's
 * owner (and a unique one on the wishlist's) makes the second insert a conflict; the cart code inserts
 * with ON CONFLICT DO NOTHING and reads the winner's cart. A guest's cart and wishlist are already one per
 * token (`token` is unique).
 *
 * Rows left by the old race are folded first: the newest active cart of a customer stays (the one the
 * shop read), the lines of the others move into it unless it already holds that piece, and the others
 * are closed; the oldest wishlist stays (the one the shop read) and takes the others' entries it lacks.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await foldDuplicateCarts(db);
  await foldDuplicateWishlists(db);
  await db.schema
    .createIndex('carts_one_active_per_customer')
    .on('carts')
    .column('customer_id')
    .unique()
    .where(sql.ref('is_active'), '=', 1)
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('wishlists_one_per_customer')
    .on('wishlists')
    .column('customer_id')
    .unique()
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();
}

async function foldDuplicateCarts(db: Kysely<any>): Promise<void> {
  const owners = await db
    .selectFrom('carts')
    .select('customer_id')
    .where('is_active', '=', 1)
    .where('customer_id', 'is not', null)
    .groupBy('customer_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const { customer_id } of owners) {
    const carts = await db.selectFrom('carts').select('id').where('customer_id', '=', customer_id).where('is_active', '=', 1).orderBy('id', 'desc').execute();
    const [keep, ...others] = carts.map((c) => Number(c.id));
    for (const other of others) {
      const held = new Set((await db.selectFrom('cart_items').select('item_id').where('cart_id', '=', keep).execute()).map((r) => Number(r.item_id)));
      const lines = await db.selectFrom('cart_items').select(['id', 'item_id', 'byo_id']).where('cart_id', '=', other).execute();
      const pairsHeld = new Set(lines.filter((l) => l.byo_id !== null && held.has(Number(l.item_id))).map((l) => l.byo_id));
      const move = lines.filter((l) => !held.has(Number(l.item_id)) && !(l.byo_id !== null && pairsHeld.has(l.byo_id))).map((l) => Number(l.id));
      if (move.length) await db.updateTable('cart_items').set({ cart_id: keep }).where('id', 'in', move).execute();
      await db.updateTable('carts').set({ is_active: 0 }).where('id', '=', other).execute();
    }
  }
}

async function foldDuplicateWishlists(db: Kysely<any>): Promise<void> {
  const owners = await db
    .selectFrom('wishlists')
    .select('customer_id')
    .where('customer_id', 'is not', null)
    .groupBy('customer_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const { customer_id } of owners) {
    const lists = await db.selectFrom('wishlists').select('id').where('customer_id', '=', customer_id).orderBy('id').execute();
    const [keep, ...others] = lists.map((w) => Number(w.id));
    for (const other of others) {
      const held = new Set((await db.selectFrom('wishlist_items').select('item_id').where('wishlist_id', '=', keep).execute()).map((r) => Number(r.item_id)));
      const rows = await db.selectFrom('wishlist_items').select(['id', 'item_id', 'byo_id']).where('wishlist_id', '=', other).execute();
      const pairsHeld = new Set(rows.filter((r) => r.byo_id !== null && held.has(Number(r.item_id))).map((r) => r.byo_id));
      const move = rows.filter((r) => !held.has(Number(r.item_id)) && !(r.byo_id !== null && pairsHeld.has(r.byo_id))).map((r) => Number(r.id));
      if (move.length) await db.updateTable('wishlist_items').set({ wishlist_id: keep }).where('id', 'in', move).execute();
      await db.deleteFrom('wishlists').where('id', '=', other).execute();
    }
  }
}
