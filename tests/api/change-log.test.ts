/**
 * The PostgreSQL change-log reader (src/server/diamonds/diamond.repository.ts changesSince): it stands at
 * the snapshot of its last read and takes exactly the transactions settled since, so a writer that keeps
 * a transaction open (an import's batch) is read once, when it commits, and its rows are never touched
 * while it is in progress. A transaction open across a read is simulated here by the snapshot the reader
 * holds (its txid in progress), so the test runs the same on a PostgreSQL server and on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Connection } from '~/server/db/database.ts';
import { migrateToLatest } from '~/server/db/migrate.ts';
import { seed } from '~/server/db/seed/seed.ts';
import { changesSince, changeWatermark, settledBetween, type Snapshot } from '~/server/diamonds/diamond.repository.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

describe('transactions settled between two snapshots', () => {
  it('names those in progress at the first and no longer at the second, and those begun and settled since', () => {
    const before: Snapshot = { xmin: 100, xmax: 110, xip: [100, 104, 107] };
    const after: Snapshot = { xmin: 104, xmax: 115, xip: [104, 112] };
    expect(settledBetween(before, after)?.sort((a, b) => a - b)).toEqual([100, 107, 110, 111, 113, 114]);
  });

  it('names none when nothing settled, and gives up beyond the limit', () => {
    const s: Snapshot = { xmin: 5, xmax: 9, xip: [5, 7] };
    expect(settledBetween(s, { ...s })).toEqual([]);
    expect(settledBetween({ xmin: 1, xmax: 2, xip: [] }, { xmin: 50_000, xmax: 50_000, xip: [] })).toBeUndefined();
  });
});

describe('the change log read on PostgreSQL', () => {
  let database: TestDatabase;
  let conn: Connection;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    conn = await openDatabase(database.url);
    await migrateToLatest(conn.db);
    await seed(conn, { diamonds: 20 });
  }, 120_000);
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
  });

  /** Reprices two stones in one transaction: its txid. */
  async function reprice(ids: number[]): Promise<number> {
    return conn.db.transaction().execute(async (trx) => {
      await sql`update diamonds set price_cents = price_cents + 100 where id in (${sql.join(ids)})`.execute(trx);
      const { rows } = await sql<{ txid: string }>`select txid_current() as txid`.execute(trx);
      return Number(rows[0]!.txid);
    });
  }
  const stones = async () => (await conn.db.selectFrom('diamonds').select('id').orderBy('id').limit(4).execute()).map((r) => r.id);

  it('reads a committed change once, then nothing until something else commits', async () => {
    const [a, b] = await stones();
    const start = await changeWatermark(conn.db);
    await reprice([a!, b!]);
    const first = await changesSince(conn.db, start, 100);
    expect(first.changes.map((c) => c.diamond_id).sort()).toEqual([a, b].sort());
    expect(first.changes.every((c) => c.listed === 1)).toBe(true);
    const again = await changesSince(conn.db, first.watermark, 100);
    expect(again.changes).toEqual([]);
  });

  it('reads a transaction that was in progress at the last read when it settles, and only it', async () => {
    const [, , c, d] = await stones();
    const txid = await reprice([c!, d!]);
    const now = (await changeWatermark(conn.db)) as Snapshot;
    // As if the reader had last read while that transaction was still open.
    const heldOpen: Snapshot = { xmin: txid, xmax: now.xmax, xip: [txid] };
    const batch = await changesSince(conn.db, heldOpen, 100);
    expect(batch.changes.map((ch) => ch.diamond_id).sort()).toEqual([c, d].sort());
    // A reader that saw it committed reads nothing.
    expect((await changesSince(conn.db, now, 100)).changes).toEqual([]);
  });

  it('pages through many rows, and reads by visibility when too many transactions settled to name them', async () => {
    const ids = (await conn.db.selectFrom('diamonds').select('id').orderBy('id').execute()).map((r) => r.id);
    const before = (await changeWatermark(conn.db)) as Snapshot;
    await reprice(ids);
    const paged = await changesSince(conn.db, before, 3);
    const sorted = (xs: (number | null)[]) => [...xs].sort((x, y) => x! - y!);
    expect(sorted(paged.changes.map((c) => c.diamond_id))).toEqual(ids);
    expect(paged.changes.map((c) => c.id)).toEqual([...paged.changes.map((c) => c.id)].sort((x, y) => x - y));
    // Too many settled to name them (here more than 1): every change visible now and not at the snapshot.
    const all = await changesSince(conn.db, { xmin: 1, xmax: 2, xip: [] }, 7, 1);
    const first = Math.min(...paged.changes.map((c) => c.id));
    expect(sorted(all.changes.filter((c) => c.id >= first).map((c) => c.diamond_id))).toEqual(ids);
    expect(new Set(all.changes.map((c) => c.id)).size).toBe(all.changes.length);
  });
});
