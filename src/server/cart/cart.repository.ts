/** Carts and their lines (Kysely only). A build-your-own pair is two lines sharing a byo_id. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { CartItemsTable, CartsTable } from '~/server/db/schema.ts';

export type CartRow = Selectable<CartsTable>;
export type CartLineRow = Selectable<CartItemsTable>;
export type NewCartLine = Omit<Insertable<CartItemsTable>, 'cart_id' | 'created_at'>;

export function findActiveCartByToken(db: Db, token: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('token', '=', token).where('is_active', '=', 1).where('customer_id', 'is', null).executeTakeFirst();
}

export function findActiveCartByCustomer(db: Db, customerId: number): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('customer_id', '=', customerId).where('is_active', '=', 1).orderBy('id', 'desc').executeTakeFirst();
}

/**
 * A new active cart, or undefined when the owner already has one: a customer's active cart is unique
 * (migration 0014), so of two parallel first adds one inserts and the other reads the winner's cart. On
 * PostgreSQL the loser's insert waits for the winner's commit, then does nothing.
 */
export async function insertCart(db: Db, token: string, customerId: number | null): Promise<CartRow | undefined> {
  const now = new Date().toISOString();
  return db
    .insertInto('carts')
    .values({ token, customer_id: customerId, is_active: 1, store_credit_cents: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks the cart changed. Inside a transaction this is also the lock: on PostgreSQL the row stays locked
 * until commit, so two requests changing one cart (a double-clicked add) run one after the other and the
 * second sees the first one's lines. (SQLite runs one write transaction at a time anyway.)
 */
export async function touchCart(db: Db, cartId: number): Promise<void> {
  await db.updateTable('carts').set({ updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
}

export function cartLines(db: Db, cartId: number): Promise<CartLineRow[]> {
  return db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).orderBy('id').execute();
}

export async function insertLines(db: Db, cartId: number, lines: NewCartLine[]): Promise<void> {
  if (!lines.length) return;
  const now = new Date().toISOString();
  await db
    .insertInto('cart_items')
    .values(lines.map((l) => ({ ...l, cart_id: cartId, created_at: now })))
    .execute();
}

export async function setLineQuantity(db: Db, cartId: number, lineId: number, quantity: number): Promise<void> {
  await db.updateTable('cart_items').set({ quantity }).where('cart_id', '=', cartId).where('id', '=', lineId).execute();
}

export async function deleteLines(db: Db, cartId: number, lineIds: number[]): Promise<void> {
  if (!lineIds.length) return;
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('id', 'in', lineIds).execute();
}

export async function deleteAllLines(db: Db, cartId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
}

export async function moveLines(db: Db, toCartId: number, lineIds: number[]): Promise<void> {
  if (!lineIds.length) return;
  await db.updateTable('cart_items').set({ cart_id: toCartId }).where('id', 'in', lineIds).execute();
}

export async function assignCartToCustomer(db: Db, cartId: number, customerId: number): Promise<void> {
  await db.updateTable('carts').set({ customer_id: customerId, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
}

export async function deleteCart(db: Db, cartId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await db.deleteFrom('carts').where('id', '=', cartId).execute();
}
