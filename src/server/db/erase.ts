/** Empties a database completely, for `npm run seed` (a fresh demo shop) and for tests. */
import { sql } from 'kysely';
import type { Connection } from './database.ts';
import { isSqlite } from './dialect.ts';

export async function eraseDatabase(conn: Connection): Promise<void> {
  const { db } = conn;
  if (isSqlite(db)) {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    await sql`pragma foreign_keys = off`.execute(db);
    for (const { name } of tables.rows) await sql`drop table if exists ${sql.id(name)}`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
    await sql`vacuum`.execute(db);
  } else {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
}
