/**
 * The jeweller's own catalogue: products come in and go out as Shopify's product CSV
 * (src/server/product-feed/), and each product and variant takes photographs.
 *
 * - products: the Shopify fields the shop keeps so that an export re-imports to the same catalogue:
 *   `body_html` (the sanitised description; `description` stays its plain text, for search and meta
 *   tags), `vendor`, `seo_title`, `seo_description`, and `import_hash`, the digest of the product as
 *   last imported (a row set that hashes the same is counted unchanged and not written).
 * - product_variants: `compare_at_cents`, Shopify's "Variant Compare At Price".
 * - product_photos: a product's photographs in order, each optionally a variant's own. `photo` is the
 *   content digest naming the processed files under the photo directory (src/server/product-feed/photo-store.ts);
 *   `source` is the Image Src it came from; width and height are the largest rendition's.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('body_html', 'text').execute();
  await db.schema.alterTable('products').addColumn('vendor', 'text').execute();
  await db.schema.alterTable('products').addColumn('seo_title', 'text').execute();
  await db.schema.alterTable('products').addColumn('seo_description', 'text').execute();
  await db.schema.alterTable('products').addColumn('import_hash', 'text').execute();
  await db.schema.alterTable('product_variants').addColumn('compare_at_cents', 'integer').execute();
  await db.schema
    .createTable('product_photos')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('photo', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_photos_product').on('product_photos').columns(['product_id', 'position']).execute();
  // Search shows a product's photograph: a change to them moves the search index on (migration 0016).
  if (isSqlite(db)) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql
        .raw(`create trigger product_photos_search_${op} after ${op} on product_photos
        begin update search_revision set revision = revision + 1 where id = 1; end`)
        .execute(db);
    }
    return;
  }
  await sql
    .raw(`create trigger product_photos_search_revision after insert or update or delete or truncate on product_photos
    for each statement execute function search_revision_bump()`)
    .execute(db);
}
