/**
 * Site search keeps its index of the jewellery in each app server's memory (src/server/search/). This
 * one-row table is its freshness signal: triggers on every table the index reads (products, their
 * variants and attributes, categories, metals) bump `revision` on any insert, update or delete, whoever
 * writes it (the seed, an operator's SQL, another app server). Each search reads the row and rebuilds the
 * index when the number moved, so a changed piece is found (or gone) on the very next search.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '~/server/db/dialect.ts';

const TABLES = ['products', 'product_variants', 'product_attributes', 'categories', 'metals'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into search_revision (id, revision) values (1, 0)`.execute(db);

  if (isSqlite(db)) {
    for (const table of TABLES) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql
          .raw(`create trigger ${table}_search_${op} after ${op} on ${table}
          begin update search_revision set revision = revision + 1 where id = 1; end`)
          .execute(db);
      }
    }
    return;
  }
  // Statement-level: one bump per statement, however many rows it wrote.
  await sql`create function search_revision_bump() returns trigger language plpgsql as $$
    begin
      update search_revision set revision = revision + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(`create trigger ${table}_search_revision after insert or update or delete or truncate on ${table}
      for each statement execute function search_revision_bump()`)
      .execute(db);
  }
}
