/**
 * Diamonds in the database (Kysely only). Also the change log the index follows: triggers on the
 * diamonds table (migrations 0002 and 0009) write one row per inserted, updated or deleted stone into
 * catalog_changes, with whether the stone is listed afterwards.
 *
 * Reading the log needs one dialect-specific query, kept side by side here:
 * - SQLite commits one writer at a time, so change ids become visible in order: read `id > last`.
 * - PostgreSQL hands out ids before commit, so a later id can commit first. Each change row carries
 *   the writing transaction's id (txid); a reader takes the snapshot's xmin (every transaction below
 *   it has ended) and next time reads every row with txid >= that xmin, so nothing is ever skipped.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import { RANGE_LIST } from '~/features/diamonds/attributes.ts';
import { GRADE_KEYS } from '~/features/diamonds/grade-attributes.ts';
import type { IndexRow } from './diamond-index.ts';

/** What the index reads of a stone: every grade attribute's column (grade-attributes.ts) and range attribute's (attributes.ts), its status. */
const INDEX_COLUMNS = ['id', ...GRADE_KEYS, ...RANGE_LIST.map((a) => a.column), 'status', 'is_hidden'] as const;

/** pg may answer numbers as strings in some setups; the index needs numbers. */
function toIndexRow(r: IndexRow): IndexRow {
  const row = { ...r, id: Number(r.id), is_hidden: Number(r.is_hidden) };
  for (const a of RANGE_LIST) row[a.column] = Number(r[a.column]);
  return row;
}

export async function countDiamonds(db: Db): Promise<number> {
  const row = await db
    .selectFrom('diamonds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every stone's indexed fields, in id order, a chunk at a time (keyset pagination keeps memory flat). */
export async function* indexRows(db: Db, chunk = 50_000): AsyncGenerator<IndexRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('diamonds').select(INDEX_COLUMNS).where('id', '>', after).orderBy('id').limit(chunk).execute();
    if (!rows.length) return;
    yield rows.map((r) => toIndexRow(r as IndexRow));
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function indexRowsByIds(db: Db, ids: number[]): Promise<IndexRow[]> {
  const out: IndexRow[] = [];
  // Well under both databases' limit on bound parameters (SQLite 32,766, PostgreSQL 65,535).
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('diamonds')
      .select(INDEX_COLUMNS)
      .where('id', 'in', ids.slice(i, i + 5000))
      .execute();
    out.push(...rows.map((r) => toIndexRow(r as IndexRow)));
  }
  return out;
}

export async function findDiamondsByIds(db: Db, ids: number[]): Promise<DiamondRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('diamonds').selectAll().where('id', 'in', ids).execute();
}

export async function findDiamond(db: Db, id: number): Promise<DiamondRow | undefined> {
  return db.selectFrom('diamonds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By certificate number or sku, exactly (both are unique and indexed). */
export async function findDiamondByReference(db: Db, reference: string): Promise<DiamondRow | undefined> {
  return db
    .selectFrom('diamonds')
    .selectAll()
    .where((eb) => eb.or([eb('certificate_number', '=', reference), eb('sku', '=', reference)]))
    .executeTakeFirst();
}

/**
 * Where a reader of the change log stands. SQLite: the last id read (ids are given in commit order, one
 * writer at a time). PostgreSQL: the snapshot the last read saw (ids are drawn before commit, so a
 * later commit may carry a smaller id): the next read takes exactly the transactions that committed
 * since, by their txid, and never touches the rows of one still in progress.
 */
export type Watermark = number | Snapshot;

/** A PostgreSQL snapshot: every txid below xmin is settled, none from xmax on has begun, xip are in progress. */
export interface Snapshot {
  xmin: number;
  xmax: number;
  xip: number[];
}

export interface Change {
  id: number;
  /** null: every server rebuilds. */
  diamond_id: number | null;
  /** 1: listed after the change; 0: not listed (or gone); null: unknown (a row logged before migration 0009). */
  listed: number | null;
}

export interface ChangeBatch {
  watermark: Watermark;
  changes: Change[];
}

const PG_SNAPSHOT = 'select txid_current_snapshot()::text as snapshot';

function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, xip] = text.split(':');
  return { xmin: Number(xmin), xmax: Number(xmax), xip: xip ? xip.split(',').map(Number) : [] };
}

const snapshotText = (s: Snapshot) => `${s.xmin}:${s.xmax}:${s.xip.join(',')}`;

async function currentSnapshot(db: Db): Promise<Snapshot> {
  const { rows } = await db.executeQuery<{ snapshot: string }>(CompiledQuery.raw(PG_SNAPSHOT));
  return parseSnapshot(rows[0]!.snapshot);
}

export async function changeWatermark(db: Db): Promise<Watermark> {
  if (isSqlite(db)) {
    const row = await db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }
  return currentSnapshot(db);
}

/**
 * The transactions settled between two snapshots (committed, or aborted and so without rows): those in
 * progress at the first, or begun since, and no longer in progress at the second. Undefined when there
 * are too many to name (a server that read nothing for a long while on a busy database).
 */
export function settledBetween(before: Snapshot, after: Snapshot, max = 10_000): number[] | undefined {
  if (after.xmax - before.xmax > max) return undefined;
  const running = new Set(after.xip);
  const settled = before.xip.filter((t) => !running.has(t));
  for (let t = before.xmax; t < after.xmax; t++) if (!running.has(t)) settled.push(t);
  return settled;
}

// Read before every search and every shared page, so written out once rather than built each time.
const SQLITE_CHANGES = 'select id, diamond_id, listed from catalog_changes where id > ? order by id limit ?';
// One round trip for a read: the statement's snapshot and the first page of the rows of the transactions
// settled since the last read's snapshot (in progress then, $1, or begun since, $2 on), named by txid.
// Beyond $3 begun since, the answer is not used (changesSince reads by visibility instead).
const POSTGRES_SNAPSHOT_AND_CHANGES = `
  select s.now::text as snapshot, c.id, c.diamond_id, c.listed
  from (select txid_current_snapshot() as now) s
  left join lateral (
    select id, diamond_id, listed from catalog_changes
    where txid = any(array(
      select t from (
        select unnest($1::bigint[]) as t
        union all select generate_series($2::bigint, least(txid_snapshot_xmax(s.now), $2::bigint + $3::bigint) - 1)
      ) k where txid_visible_in_snapshot(t, s.now)))
    order by id limit $4
  ) c on true`;
// Later pages: the rows of the transactions named by txid (the index on txid), all committed, so a
// later page's snapshot sees the same rows.
const POSTGRES_CHANGES_OF = 'select id, diamond_id, listed from catalog_changes where txid = any($1::bigint[]) and id > $2 order by id limit $3';
// Too many to name: every row visible in the second snapshot and not in the first.
const POSTGRES_CHANGES_BETWEEN = `
  select id, diamond_id, listed from catalog_changes
  where txid >= $1 and txid < $2 and txid_visible_in_snapshot(txid, $3::txid_snapshot)
    and not txid_visible_in_snapshot(txid, $4::txid_snapshot) and id > $5
  order by id limit $6`;

type ChangeRow = { id: number | string | null; diamond_id: number | string | null; listed: number | string | null };
const toChange = (r: ChangeRow): Change => ({
  id: Number(r.id),
  diamond_id: r.diamond_id === null ? null : Number(r.diamond_id),
  listed: r.listed === null ? null : Number(r.listed),
});

/**
 * Every change logged since `watermark`, read `page` rows at a time: the watermark to read from next
 * time, and the changes in id order. On PostgreSQL, one statement takes the snapshot and the rows of
 * the transactions settled since the last one (by txid: never a row of a transaction still in
 * progress); beyond `nameAtMost` transactions begun since, the log is read by visibility instead.
 */
export async function changesSince(db: Db, watermark: Watermark, page: number, nameAtMost = 10_000): Promise<ChangeBatch> {
  const changes: Change[] = [];
  let after = typeof watermark === 'number' ? watermark : 0;
  const read = async (query: string, params: (page: number, after: number) => unknown[]) => {
    for (;;) {
      const { rows } = await db.executeQuery<ChangeRow>(CompiledQuery.raw(query, params(page, after)));
      for (const r of rows) changes.push(toChange(r));
      if (rows.length) after = changes[changes.length - 1]!.id;
      if (rows.length < page) return;
    }
  };
  if (typeof watermark === 'number') {
    if (!isSqlite(db)) throw new Error('A PostgreSQL change-log reader stands at a snapshot');
    await read(SQLITE_CHANGES, (n, a) => [a, n]);
    return { watermark: after, changes };
  }
  const { rows } = await db.executeQuery<ChangeRow & { snapshot: string }>(
    CompiledQuery.raw(POSTGRES_SNAPSHOT_AND_CHANGES, [watermark.xip, watermark.xmax, nameAtMost, page]),
  );
  const now = parseSnapshot(rows[0]!.snapshot);
  const settled = settledBetween(watermark, now, nameAtMost);
  if (!settled) {
    await read(POSTGRES_CHANGES_BETWEEN, (n, a) => [watermark.xmin, now.xmax, snapshotText(now), snapshotText(watermark), a, n]);
    return { watermark: now, changes };
  }
  const got = rows.filter((r) => r.id !== null);
  for (const r of got) changes.push(toChange(r));
  if (got.length === page) {
    after = changes[changes.length - 1]!.id;
    await read(POSTGRES_CHANGES_OF, (n, a) => [settled, a, n]);
  }
  return { watermark: now, changes };
}

export async function pruneChanges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('catalog_changes').where('created_at', '<', before).execute();
}
