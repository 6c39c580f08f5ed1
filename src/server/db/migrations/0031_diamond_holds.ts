/**
 * Diamond holds: a signed-in shopper keeps a stone for DIAMOND_HOLD_HOURS (src/server/holds/).
 * A hold is live while `ended_at` is null; the partial unique index makes a second live hold on one stone
 * impossible, whatever the number of servers. `price_cents` is the price the holder last heard of (an
 * import or staff change that reprices the stone tells the holder, holds.watch.ts).
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('diamond_holds')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('diamond_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('remind_at', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await sql`create unique index diamond_holds_one_live on diamond_holds (diamond_id) where ended_at is null`.execute(db);
  await db.schema.createIndex('diamond_holds_customer').on('diamond_holds').columns(['customer_id', 'diamond_id', 'created_at']).execute();
  await db.schema.createIndex('diamond_holds_due').on('diamond_holds').columns(['ended_at', 'expires_at']).execute();
}
