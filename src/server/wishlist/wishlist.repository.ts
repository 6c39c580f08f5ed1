/** Wishlists and their entries (Kysely only). A build-your-own pair is two rows sharing a byo_id. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { WishlistItemsTable, WishlistsTable } from '~/server/db/schema.ts';

export type WishlistRow = Selectable<WishlistsTable>;
export type WishlistItemRow = Selectable<WishlistItemsTable>;
export type NewWishlistItem = Omit<Insertable<WishlistItemsTable>, 'wishlist_id' | 'created_at'>;

export function findWishlistByToken(db: Db, token: string): Promise<WishlistRow | undefined> {
  return db.selectFrom('wishlists').selectAll().where('token', '=', token).where('customer_id', 'is', null).executeTakeFirst();
}

export function findWishlistByCustomer(db: Db, customerId: number): Promise<WishlistRow | undefined> {
  return db.selectFrom('wishlists').selectAll().where('customer_id', '=', customerId).orderBy('id').executeTakeFirst();
}

/**
 * Holds the wishlist's row until the transaction ends (PostgreSQL; SQLite's writer holds the whole file),
 * so two parallel adds to one wishlist run one after the other: no entry twice, no more than the limit.
 */
export async function lockWishlist(db: Db, wishlistId: number): Promise<void> {
  if (!isSqlite(db)) await db.selectFrom('wishlists').select('id').where('id', '=', wishlistId).forUpdate().execute();
}

export function insertWishlist(db: Db, token: string, customerId: number | null): Promise<WishlistRow> {
  return db.insertInto('wishlists').values({ token, customer_id: customerId, created_at: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow();
}

export function wishlistRows(db: Db, wishlistId: number): Promise<WishlistItemRow[]> {
  return db.selectFrom('wishlist_items').selectAll().where('wishlist_id', '=', wishlistId).orderBy('id').execute();
}

export async function insertWishlistRows(db: Db, wishlistId: number, rows: NewWishlistItem[]): Promise<void> {
  if (!rows.length) return;
  const now = new Date().toISOString();
  await db
    .insertInto('wishlist_items')
    .values(rows.map((r) => ({ ...r, wishlist_id: wishlistId, created_at: now })))
    .execute();
}

export async function deleteWishlistRows(db: Db, wishlistId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('wishlist_items').where('wishlist_id', '=', wishlistId).where('id', 'in', ids).execute();
}

export async function moveWishlistRows(db: Db, toWishlistId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('wishlist_items').set({ wishlist_id: toWishlistId }).where('id', 'in', ids).execute();
}

export async function assignWishlist(db: Db, wishlistId: number, customerId: number): Promise<void> {
  await db.updateTable('wishlists').set({ customer_id: customerId }).where('id', '=', wishlistId).execute();
}

export async function deleteWishlist(db: Db, wishlistId: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('wishlist_id', '=', wishlistId).execute();
  await db.deleteFrom('wishlists').where('id', '=', wishlistId).execute();
}
