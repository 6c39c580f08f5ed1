/**
 * Every rejected row of a stock file uploaded in the back office. The activity record keeps the
 * import's report with its first 100 rejections; this table keeps all of them, written in the transaction
 * that records the import, for /admin/inventory/rejected/{id}.csv to give back to the supplier.
 */
import type { Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_rejections')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('stock_number', 'text')
    .addColumn('reasons', 'text', (c) => c.notNull()) // a JSON array of strings
    .execute();
  await db.schema.createIndex('import_rejections_activity').on('import_rejections').columns(['activity_id', 'id']).execute();
}
