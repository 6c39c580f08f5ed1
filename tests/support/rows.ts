/**
 * Reads rows that an API call stored, straight from the test server's database. PGlite lives inside the
 * server process and cannot be opened a second time, so there `rows` answers undefined and tests rely on
 * what the API answers; SQLite files and PostgreSQL servers (CI's TEST_DATABASE_URL) are read directly.
 */
import { openDatabase, type Db } from '~/server/db/database.ts';

export async function rows<T>(databaseUrl: string, read: (db: Db) => Promise<T>): Promise<T | undefined> {
  if (databaseUrl.startsWith('pglite:')) return undefined;
  const conn = await openDatabase(databaseUrl);
  try {
    return await read(conn.db);
  } finally {
    await conn.close();
  }
}
