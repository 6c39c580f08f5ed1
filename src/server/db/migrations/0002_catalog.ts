/**
 * The catalogue's change log. Every app server keeps an in-memory index of the diamonds
 * (src/server/diamonds/) and follows this log to stay in step with the database, the only source of
 * truth. Triggers write the log, so that no code path that updates or deletes a diamond (checkout
 * reserving or selling a stone, an admin hiding one) can forget to: one row per changed stone.
 * Inserts were not logged here; migration 0009 logs them by trigger too.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('catalog_changes')
    .addColumn('id', 'integer', idColumn(db))
    // null: "rebuild everything" (a bulk change).
    .addColumn('diamond_id', 'integer')
    // PostgreSQL: the writing transaction's id, so readers never skip a late commit (see diamond.repository.ts).
    .addColumn('txid', 'bigint', (c) => c.notNull().defaultTo(sqlite ? 0 : sql`txid_current()`))
    .addColumn('created_at', 'text', (c) =>
      c.notNull().defaultTo(sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    )
    .execute();
  await db.schema.createIndex('catalog_changes_created').on('catalog_changes').column('created_at').execute();

  if (sqlite) {
    await sql`create trigger diamonds_logged_update after update on diamonds
      begin insert into catalog_changes (diamond_id) values (new.id); end`.execute(db);
    await sql`create trigger diamonds_logged_delete after delete on diamonds
      begin insert into catalog_changes (diamond_id) values (old.id); end`.execute(db);
    return;
  }
  await db.schema.createIndex('catalog_changes_txid').on('catalog_changes').column('txid').execute();
  // Statement-level triggers with transition tables: one insert per statement, however many rows.
  await sql`create function catalog_log_diamonds() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into catalog_changes (diamond_id) select id from old_rows;
      else
        insert into catalog_changes (diamond_id) select id from new_rows;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger diamonds_logged_update after update on diamonds
    referencing new table as new_rows for each statement execute function catalog_log_diamonds()`.execute(db);
  await sql`create trigger diamonds_logged_delete after delete on diamonds
    referencing old table as old_rows for each statement execute function catalog_log_diamonds()`.execute(db);
}
