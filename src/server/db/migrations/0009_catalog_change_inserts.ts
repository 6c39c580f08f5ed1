/**
 * The change log learns of inserts too, from triggers, whichever process writes them (an importer, an
 * operator's INSERT in psql or sqlite3): no writer has to tell the app servers anything any more.
 *
 * Each log row also says whether the stone is listed after the change (`listed`: available and not
 * hidden; 0 for a deleted row), so that an app server can hide a sold or delisted stone from the log
 * alone, before it has re-read any row (src/server/diamonds/diamond-sync.ts).
 *
 * The demo seed fills a fresh database and skips the insert trigger inside its own transactions (see
 * src/server/db/seed/seed.ts); every index builds from scratch on such a database anyway.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_changes').addColumn('listed', 'integer').execute();

  if (isSqlite(db)) {
    await sql`drop trigger diamonds_logged_update`.execute(db);
    await sql`drop trigger diamonds_logged_delete`.execute(db);
    await sql`create trigger diamonds_logged_insert after insert on diamonds
      begin insert into catalog_changes (diamond_id, listed) values (new.id, new.status = 'available' and new.is_hidden = 0); end`.execute(db);
    await sql`create trigger diamonds_logged_update after update on diamonds
      begin insert into catalog_changes (diamond_id, listed) values (new.id, new.status = 'available' and new.is_hidden = 0); end`.execute(db);
    await sql`create trigger diamonds_logged_delete after delete on diamonds
      begin insert into catalog_changes (diamond_id, listed) values (old.id, 0); end`.execute(db);
    return;
  }
  // Statement-level triggers with transition tables: one log insert per statement, however many rows.
  await sql`create or replace function catalog_log_diamonds() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into catalog_changes (diamond_id, listed) select id, 0 from old_rows;
      else
        insert into catalog_changes (diamond_id, listed)
          select id, case when status = 'available' and is_hidden = 0 then 1 else 0 end from new_rows;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger diamonds_logged_insert after insert on diamonds
    referencing new table as new_rows for each statement execute function catalog_log_diamonds()`.execute(db);
}
