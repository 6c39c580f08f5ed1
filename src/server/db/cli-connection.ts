/** The database of a command-line run (npm run holds, mail, orders, staff). */
import { config } from '~/server/config/config.ts';
import { assertReachable, openDatabase, type Connection } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** Opens DATABASE_URL, checks that it answers and brings it to the latest migration; closed again if either fails. The caller closes it. */
export async function openCliConnection(): Promise<Connection> {
  const url = config.databaseUrl;
  const conn = await openDatabase(url);
  try {
    await assertReachable(conn, url);
    await migrateToLatest(conn.db);
    return conn;
  } catch (error) {
    await conn.close();
    throw error;
  }
}
