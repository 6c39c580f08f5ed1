/**
 * Price drops on a piece of jewellery (src/server/alerts/): a `price_drop` alert watches either a
 * stone (`diamond_id`) or one variant of a product (`variant_id`: its metal and total carat weight).
 * Variants have no change log, so the alert pass compares each watched variant's price with the alert's
 * `last_price_cents`; the index finds the watchers of a variant.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('variant_id', 'integer').execute();
  await db.schema.createIndex('alerts_variant').on('alerts').columns(['variant_id', 'kind']).execute();
}
