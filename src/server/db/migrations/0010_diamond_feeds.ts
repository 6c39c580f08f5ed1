/**
 * Diamond inventory feeds. A stone now says which feed listed it (`source`, default
 * 'default' for the seed and stones added by hand), the feed's availability code (G, M, STPS, NA) and
 * the feed's image and video addresses. A stone's identity stays its lab and certificate number; its
 * stock number is its sku. Delisting sets is_hidden: the row stays, so carts, wishlists and orders keep it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('diamonds')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('default'))
    .execute();
  await db.schema.alterTable('diamonds').addColumn('availability', 'text').execute();
  await db.schema.alterTable('diamonds').addColumn('image_url', 'text').execute();
  await db.schema.alterTable('diamonds').addColumn('video_url', 'text').execute();
  // --replace reads the listed stones of one source.
  await db.schema.createIndex('diamonds_source_status').on('diamonds').columns(['source', 'status', 'is_hidden']).execute();
}
