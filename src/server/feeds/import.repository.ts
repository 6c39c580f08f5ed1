/**
 * The diamond import's reads and writes. Inserts and updates are plain INSERTs and UPDATEs, so the
 * change-log triggers see every row.
 *
 * Look-ups pass their keys as one parameter, whatever their number: on PostgreSQL an array (`= any`),
 * on SQLite a JSON array (`in (select value from json_each(?))`), so that a batch's query is small to
 * build and its text the same every time (SQLite prepares it once: database.ts keeps statements).
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import type { FeedStone } from './feed-row.ts';
import { FEED_RANGE_KEYS, RANGE_ATTRIBUTES, type FeedRangeColumn } from '~/features/diamonds/attributes.ts';
import { FEED_GRADE_KEYS, type FeedGradeKey, type GradeOf } from '~/features/diamonds/grade-attributes.ts';

/** Keys per lookup: one query for a whole batch, well under both databases' limits on bound parameters. */
const CHUNK = 5000;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** `column IN (…)` with the values as one parameter: PostgreSQL `= any($1)` (text or integer array), SQLite a JSON array. */
export const among = (db: Db, column: string, values: string[] | number[]) =>
  isSqlite(db)
    ? sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
    : sql<boolean>`${sql.ref(column)} = any(${values}::${sql.raw(typeof values[0] === 'number' ? 'integer' : 'text')}[])`;

export async function stonesByCertificate(db: Db, certificates: string[]): Promise<Map<string, DiamondRow>> {
  const found = new Map<string, DiamondRow>();
  for (const part of chunks([...new Set(certificates)])) {
    for (const row of await db
      .selectFrom('diamonds')
      .selectAll()
      .where(among(db, 'certificate_number', part))
      .execute())
      found.set(row.certificate_number, row);
  }
  return found;
}

/** sku → the certificate of the stone that holds it. */
export async function skuHolders(db: Db, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(skus)])) {
    for (const row of await db
      .selectFrom('diamonds')
      .select(['sku', 'certificate_number'])
      .where(among(db, 'sku', part))
      .execute())
      found.set(row.sku, row.certificate_number);
  }
  return found;
}

export interface ListedStone {
  id: number;
  lab: string;
  certificate_number: string;
}

/** The available, listed stones of one source, in id order, a page at a time (for --replace). */
export async function* listedStones(db: Db, source: string, page = 5000): AsyncGenerator<ListedStone[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('diamonds')
      .select(['id', 'lab', 'certificate_number'])
      .where('source', '=', source)
      .where('status', '=', 'available')
      .where('is_hidden', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(page)
      .execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

const FEED_RANGE_COLUMNS: FeedRangeColumn[] = FEED_RANGE_KEYS.map((k) => RANGE_ATTRIBUTES[k].column);

const columns = (s: FeedStone) => ({
  sku: s.sku,
  carat: s.carat,
  // shape, cut, colour … origin: the grade attributes read from a stock file (grade-attributes.ts)
  ...(Object.fromEntries(FEED_GRADE_KEYS.map((k) => [k, s[k]])) as { [K in FeedGradeKey]: GradeOf<K> }),
  certificate_number: s.certificate_number,
  // depth, table_pct: the range attributes read from a column of their own (attributes.ts)
  ...(Object.fromEntries(FEED_RANGE_COLUMNS.map((c) => [c, s[c]])) as Record<FeedRangeColumn, number>),
  length_mm: s.length_mm,
  width_mm: s.width_mm,
  depth_mm: s.depth_mm,
  lw_ratio: s.lw_ratio,
  price_cents: s.price_cents,
  availability: s.availability,
  image_url: s.image_url,
  video_url: s.video_url,
  is_hidden: s.availability === 'NA' ? (1 as const) : (0 as const),
});

/** Whether the stored row already says what the feed says. */
export function sameStone(row: DiamondRow, s: FeedStone): boolean {
  const want = columns(s);
  return (Object.keys(want) as (keyof typeof want)[]).every((k) => {
    const have = row[k as keyof DiamondRow];
    const w = want[k];
    return typeof w === 'number' ? Number(have) === w : (have ?? null) === w;
  });
}

/** A stone's columns as arrays of one PostgreSQL type each, for `unnest`: a few parameters for any number of rows. */
const PG_TYPES = {
  id: 'integer',
  sku: 'text',
  carat: 'double precision',
  ...(Object.fromEntries(FEED_GRADE_KEYS.map((k) => [k, 'text'])) as Record<FeedGradeKey, 'text'>),
  certificate_number: 'text',
  ...(Object.fromEntries(FEED_RANGE_COLUMNS.map((c) => [c, 'double precision'])) as Record<FeedRangeColumn, 'double precision'>),
  length_mm: 'double precision',
  width_mm: 'double precision',
  depth_mm: 'double precision',
  lw_ratio: 'double precision',
  price_cents: 'integer',
  availability: 'text',
  image_url: 'text',
  video_url: 'text',
  is_hidden: 'integer',
} as const;
type PgColumn = keyof typeof PG_TYPES;
const PG_COLUMNS = Object.keys(PG_TYPES) as PgColumn[];

/** `unnest($1::integer[], $2::text[], …) as v(id, sku, …)` over these rows. */
function unnestRows(rows: ({ id: number } & ReturnType<typeof columns>)[]) {
  const arrays = PG_COLUMNS.map((c) => sql`${rows.map((r) => r[c])}::${sql.raw(PG_TYPES[c])}[]`);
  return sql`unnest(${sql.join(arrays)}) as v(${sql.raw(PG_COLUMNS.join(', '))})`;
}

/**
 * Inserts new stones (ids from `items`, in order) and returns their ids. SQLite: multi-row INSERTs run
 * as written (sqliteInserts). PostgreSQL: one INSERT for the ids and one for the rows, their values
 * passed as arrays.
 */
export async function insertStones(db: Db, stones: FeedStone[], source: string, now: string): Promise<number[]> {
  if (!stones.length) return [];
  if (!isSqlite(db)) {
    const { rows } = await sql<{ id: number }>`insert into items (kind) select 'diamond' from generate_series(1, ${stones.length}) returning id`.execute(db);
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const values = stones.map((s, i) => ({ id: ids[i]!, ...columns(s) }));
    await sql`
      insert into diamonds (${sql.raw(PG_COLUMNS.join(', '))}, source, status, created_at, updated_at)
      select ${sql.raw(PG_COLUMNS.map((c) => `v.${c}`).join(', '))}, ${source}, 'available', ${now}, ${now}
      from ${unnestRows(values)}`.execute(db);
    return ids;
  }
  const ids: number[] = [];
  let at = 0;
  for (const size of statementSizes(stones.length)) {
    const part = stones.slice(at, (at += size));
    const statements = sqliteInserts(size);
    const { rows } = await db.executeQuery<{ id: number }>(CompiledQuery.raw(statements.items));
    // One statement takes its ids in row order (SQLite holds the write lock): ascending ids follow the rows.
    const partIds = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const parameters: unknown[] = [];
    part.forEach((s, i) => {
      const row = columns(s);
      parameters.push(partIds[i]!);
      for (let c = 1; c < PG_COLUMNS.length; c++) parameters.push(row[PG_COLUMNS[c] as Exclude<PgColumn, 'id'>]);
      parameters.push(source, 'available', now, now);
    });
    await db.executeQuery(CompiledQuery.raw(statements.diamonds, parameters));
    ids.push(...partIds);
  }
  return ids;
}

/**
 * SQLite: the rows of one INSERT. Many rows to a statement: with the change-log trigger, SQLite keeps a
 * statement journal for each INSERT, a copy of every page it touches (spilled to a temporary file), so
 * one statement per row would cost several times the row itself. 28 columns × 500 rows stays under the
 * 32,766 parameters SQLite binds.
 */
const SQLITE_ROWS = 500;

/** How n rows are split into statements: 500 at a time, the rest in powers of two (a dozen statement texts serve any batch). */
function statementSizes(n: number): number[] {
  const sizes: number[] = [];
  for (; n >= SQLITE_ROWS; n -= SQLITE_ROWS) sizes.push(SQLITE_ROWS);
  for (let size = 256; size >= 1; size /= 2) if (n >= size) sizes.push(size), (n -= size);
  return sizes;
}

/**
 * The SQL of an insert of `rows` stones: their ids, then their rows. Written once per size and kept;
 * the connection prepares each text once (database.ts), so a batch builds no query (Kysely's builder,
 * compiling thousands of parameters for every 200 rows, took about a sixth of a SQLite import's time).
 */
const SQLITE_INSERTS = new Map<number, { items: string; diamonds: string }>();
const DIAMOND_COLUMNS = [...PG_COLUMNS, 'source', 'status', 'created_at', 'updated_at'];

function sqliteInserts(rows: number): { items: string; diamonds: string } {
  let statements = SQLITE_INSERTS.get(rows);
  if (!statements) {
    const row = `(${DIAMOND_COLUMNS.map(() => '?').join(', ')})`;
    statements = {
      items: `insert into items (kind) values ${Array(rows).fill("('diamond')").join(', ')} returning id`,
      diamonds: `insert into diamonds (${DIAMOND_COLUMNS.join(', ')}) values ${Array(rows).fill(row).join(', ')}`,
    };
    SQLITE_INSERTS.set(rows, statements);
  }
  return statements;
}

const CHANGED = PG_COLUMNS.filter((c): c is Exclude<PgColumn, 'id'> => c !== 'id');
const SQLITE_UPDATE = `update diamonds set ${CHANGED.map((c) => `${c} = ?`).join(', ')}, updated_at = ? where id = ? and status = 'available'`;

/**
 * Updates stones in place, only those still available (one reserved meanwhile is left alone), and
 * returns the ids updated. SQLite: one UPDATE per stone, its text the same for every stone (prepared
 * once). PostgreSQL: one UPDATE for the whole list, its values passed as arrays (unnest), a round trip
 * instead of one per stone.
 */
export async function updateStones(db: Db, updates: { id: number; stone: FeedStone }[], now: string): Promise<Set<number>> {
  const done = new Set<number>();
  if (!updates.length) return done;
  if (isSqlite(db)) {
    for (const { id, stone } of updates) {
      const row = columns(stone);
      const result = await db.executeQuery(CompiledQuery.raw(SQLITE_UPDATE, [...CHANGED.map((c) => row[c]), now, id]));
      if (Number(result.numAffectedRows) === 1) done.add(id);
    }
    return done;
  }
  const { rows: updated } = await sql<{ id: number }>`
    update diamonds d set ${sql.raw(CHANGED.map((c) => `${c} = v.${c}`).join(', '))}, updated_at = ${now}
    from ${unnestRows(updates.map(({ id, stone }) => ({ id, ...columns(stone) })))}
    where d.id = v.id and d.status = 'available'
    returning d.id`.execute(db);
  for (const r of updated) done.add(Number(r.id));
  return done;
}

/**
 * PostgreSQL: refreshes the planner's statistics of `diamonds` (ANALYZE samples about 30,000 rows, under a
 * second at 1,000,000 stones). A table just filled by the seed or by an import has none until autovacuum
 * gets to it, and the planner then takes `status = 'available' and is_hidden = 0` for a rare condition:
 * a delisting UPDATE of 500 ids walked the status index through every listed stone (330 ms each at
 * 200,000 stones, 12 ms with statistics). SQLite's delisting names its access path instead (delistStones).
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (!isSqlite(db)) await sql`analyze diamonds`.execute(db);
}

/**
 * Hides stones still available and listed; returns how many. By their ids only: SQLite's planner (no
 * statistics) otherwise walked the status index through every listed stone for each 500 ids (91 → 17 ms
 * at 1,000,000 stones), so the UPDATE names the table NOT INDEXED (the primary key still serves);
 * PostgreSQL plans it by the primary key once it has statistics (refreshStatistics).
 */
export async function delistStones(db: Db, ids: number[], now: string): Promise<number> {
  let n = 0;
  for (const part of chunks(ids)) {
    const result = await sql`update diamonds${sql.raw(isSqlite(db) ? ' not indexed' : '')} set is_hidden = 1, updated_at = ${now}
      where ${among(db, 'id', part)} and status = 'available' and is_hidden = 0`.execute(db);
    n += Number(result.numAffectedRows ?? 0);
  }
  return n;
}

/**
 * SQLite: runs `work` with the write-ahead log checkpointed every 10,000 pages (about 40 MB) instead of
 * every 1,000, then as before. Each batch of an import dirties more than 1,000 pages, so that each
 * commit would copy its pages into the database file again (and sync it); fewer, larger checkpoints
 * copy a page that several batches wrote once. Commits are as atomic and durable as before: a
 * checkpoint only moves committed pages from the log into the file.
 */
export async function withFewerCheckpoints<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return work();
  // Imports running at once on one connection (the shop's, over HTTP): the first raises, the last restores.
  let held = checkpointHolds.get(db);
  if (!held) checkpointHolds.set(db, (held = { imports: 0, before: raiseCheckpointPages(db) }));
  held.imports++;
  try {
    await held.before;
    return await work();
  } finally {
    if (--held.imports === 0) {
      checkpointHolds.delete(db);
      await db.executeQuery(CompiledQuery.raw(`pragma wal_autocheckpoint = ${await held.before}`));
    }
  }
}

const checkpointHolds = new WeakMap<Db, { imports: number; before: Promise<number> }>();

async function raiseCheckpointPages(db: Db): Promise<number> {
  const { rows } = await db.executeQuery<{ wal_autocheckpoint: number }>(CompiledQuery.raw('pragma wal_autocheckpoint'));
  const before = Number(rows[0]?.wal_autocheckpoint ?? 1000);
  await db.executeQuery(CompiledQuery.raw(`pragma wal_autocheckpoint = ${Math.max(before, 10_000)}`));
  return before;
}
