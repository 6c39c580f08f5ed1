/**
 * Alerts (src/server/alerts/): price drops and back-in-stock on a stone, and saved searches with
 * a daily digest. Each alert keeps what its watcher was last told (`last_price_cents`, `last_available`,
 * `last_stone_id`: the newest stone already considered), so that a change is told once. `alert_cursor` is where the alert pass left the
 * diamond change log (one row, locked by the pass that runs: one server at a time).
 */
import type { Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('diamond_id', 'integer')
    .addColumn('filters', 'text')
    .addColumn('search_url', 'text')
    .addColumn('last_price_cents', 'integer')
    .addColumn('last_available', 'integer')
    .addColumn('last_digest_at', 'text')
    .addColumn('last_stone_id', 'integer')
    .addColumn('next_digest_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alerts_diamond').on('alerts').columns(['diamond_id', 'kind']).execute();
  await db.schema.createIndex('alerts_customer').on('alerts').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('alerts_digest_due').on('alerts').columns(['kind', 'next_digest_at']).execute();
  await db.schema
    .createTable('alert_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('change_id', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('alert_cursor').values({ id: 1, change_id: 0 }).execute();
}
