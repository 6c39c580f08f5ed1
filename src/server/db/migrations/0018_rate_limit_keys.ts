/**
 * Limits that hold under parallel requests: a limit used to be checked, then recorded, so 40 parallel
 * wrong passwords all passed a check against 5. Now a hit is counted first: the transaction takes the
 * (bucket, key) row of this table as its lock (an upsert, so PostgreSQL holds the row until commit and
 * every app server on the database queues on it; SQLite's BEGIN IMMEDIATE serialises writers anyway),
 * counts the window's hits and records this one only if there is room (security/rate-limit.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_keys')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('touched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_keys_pk', ['bucket', 'key'])
    .execute();
  await db.schema.createIndex('rate_limit_keys_touched').on('rate_limit_keys').column('touched_at').execute();
  await db.schema.createIndex('rate_limit_hits_at').on('rate_limit_hits').column('at').execute();
}
