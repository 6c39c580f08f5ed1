/** The checkout columns of a cart, and the orders checkout writes (Kysely only). */
import type { Updateable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { CartsTable } from '~/server/db/schema.ts';
import type { CartRow } from '~/server/cart/cart.repository.ts';

export async function updateCheckout(db: Db, cartId: number, values: Updateable<CartsTable>): Promise<void> {
  await db
    .updateTable('carts')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .execute();
}

/** A guest's cart by its cookie token, active or already ordered (a retried save-order finds it). */
export function findCartByToken(db: Db, token: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('token', '=', token).where('customer_id', 'is', null).executeTakeFirst();
}

/** The customer's newest cart that became an order in the last `withinMs` (for a retried submission). */
export function findRecentlyOrderedCart(db: Db, customerId: number, withinMs: number): Promise<CartRow | undefined> {
  const since = new Date(Date.now() - withinMs).toISOString();
  return db
    .selectFrom('carts')
    .innerJoin('orders', 'orders.cart_id', 'carts.id')
    .selectAll('carts')
    .where('carts.customer_id', '=', customerId)
    .where('carts.is_active', '=', 0)
    .where('orders.created_at', '>=', since)
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
}

/**
 * Claims the cart for placing its order: inside the order transaction this is also the lock (on
 * PostgreSQL a second submission of the same cart waits here, then finds it inactive).
 */
export async function claimCart(db: Db, cartId: number): Promise<boolean> {
  const result = await db
    .updateTable('carts')
    .set({ updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function closeCart(db: Db, cartId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await db.updateTable('carts').set({ is_active: 0, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
}
