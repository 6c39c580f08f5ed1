/** Databases opened in the test process (SQLite in memory and PGlite), migrated and seeded, for service tests. */
import { afterAll } from 'vitest';
import { openDatabase, type Connection, type Db } from '~/server/db/database.ts';
import { migrateToLatest } from '~/server/db/migrate.ts';
import { seed } from '~/server/db/seed/seed.ts';

export const DIAMONDS = 300;

export async function seededConnections(): Promise<{ kind: string; db: Db }[]> {
  const connections: Connection[] = [];
  afterAll(async () => {
    for (const c of connections) await c.close();
  });
  for (const url of [':memory:', 'pglite://']) {
    const conn = await openDatabase(url);
    connections.push(conn);
    await migrateToLatest(conn.db);
    await seed(conn, { diamonds: DIAMONDS });
  }
  return connections.map((c) => ({ kind: c.kind, db: c.db }));
}

let emails = 0;
export async function newCustomer(db: Db): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('customers')
    .values({
      email: `shopper${++emails}@example.com`,
      first_name: 'Ada',
      last_name: 'Shopper',
      password_hash: null,
      is_verified: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
