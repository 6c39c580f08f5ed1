/** Reads rows that an API call stored, straight from the test server's database (SQLite file or PostgreSQL). */
import { openDatabase, type Db } from '~/server/db/database.ts';

export async function rows<T>(databaseUrl: string, read: (db: Db) => Promise<T>): Promise<T> {
  const conn = await openDatabase(databaseUrl);
  try {
    return await read(conn.db);
  } finally {
    await conn.close();
  }
}
