/**
 * Build your own: a wishlist pair keeps a custom ring size as the cart does (the cart has had the column
 * since 0001), so that moving the pair to the cart loses nothing the shopper chose.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wishlist_items').addColumn('custom_size', 'text').execute();
}
