/** Migrations and the seed on both dialects, in-process: the same rows with the same JavaScript types. */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Connection } from '~/server/db/database.ts';
import { migrateToLatest } from '~/server/db/migrate.ts';
import { isEmpty, seed } from '~/server/db/seed/seed.ts';

const connections: Connection[] = [];
afterAll(async () => {
  for (const c of connections) await c.close();
});

async function seeded(url: string) {
  const conn = await openDatabase(url);
  connections.push(conn);
  await migrateToLatest(conn.db);
  expect(await isEmpty(conn.db)).toBe(true);
  await seed(conn, { diamonds: 400 });
  expect(await isEmpty(conn.db)).toBe(false);
  return conn;
}

describe('schema and seed on SQLite and PostgreSQL (PGlite)', async () => {
  const sqlite = await seeded(':memory:');
  const pglite = await seeded('pglite://');

  it('applies migrations once: a second run applies none', async () => {
    expect(await migrateToLatest(sqlite.db)).toEqual([]);
    expect(await migrateToLatest(pglite.db)).toEqual([]);
  });

  it('seeds the same diamonds with the same types on both', async () => {
    const read = (c: Connection) =>
      c.db
        .selectFrom('diamonds')
        .selectAll()
        .orderBy('id')
        .limit(50)
        .execute()
        .then((rows) => rows.map(({ created_at: _c, updated_at: _u, ...r }) => r));
    const [a, b] = await Promise.all([read(sqlite), read(pglite)]);
    expect(b).toEqual(a);
    expect(typeof a[0]!.carat).toBe('number');
    expect(typeof b[0]!.price_cents).toBe('number');
    expect(typeof b[0]!.is_hidden).toBe('number');
  });

  it('gives products and diamonds one id space', async () => {
    for (const c of [sqlite, pglite]) {
      const products = await c.db.selectFrom('products').select('id').execute();
      const diamonds = await c.db.selectFrom('diamonds').select('id').execute();
      const ids = [...products, ...diamonds].map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      const kinds = await c.db
        .selectFrom('items')
        .select(['kind'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy('kind')
        .orderBy('kind')
        .execute();
      expect(kinds.map((k) => [k.kind, Number(k.n)])).toEqual([
        ['diamond', 400],
        ['product', products.length],
      ]);
    }
  });

  it('continues numbering after the seeded ids on PostgreSQL', async () => {
    const row = await pglite.db.insertInto('items').values({ kind: 'product' }).returning('id').executeTakeFirstOrThrow();
    const max = await pglite.db
      .selectFrom('diamonds')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(Number(max.m));
  });
});
