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
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import type { IndexRow } from './diamond-index.ts';

const INDEX_COLUMNS = [
  'id', 'shape', 'carat', 'cut', 'color', 'clarity', 'polish', 'symmetry', 'fluorescence', 'lab', 'origin',
  'depth', 'table_pct', 'lw_ratio', 'price_cents', 'status', 'is_hidden',
] as const;

/** pg may answer numbers as strings in some setups; the index needs numbers. */
function toIndexRow(r: IndexRow): IndexRow {
  return {
    ...r,
    id: Number(r.id),
    carat: Number(r.carat),
    price_cents: Number(r.price_cents),
    depth: Number(r.depth),
    table_pct: Number(r.table_pct),
    lw_ratio: Number(r.lw_ratio),
    is_hidden: Number(r.is_hidden),
  };
}

export async function countDiamonds(db: Db): Promise<number> {
  const row = await db.selectFrom('diamonds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
    const rows = await db.selectFrom('diamonds').select(INDEX_COLUMNS).where('id', 'in', ids.slice(i, i + 5000)).execute();
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

/** Where a reader of the change log stands: the last id (SQLite) or the snapshot xmin (PostgreSQL). */
export type Watermark = number;

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
  /**
   * PostgreSQL: the transactions this read saw whole (all read in one statement, so one snapshot),
   * which the next reads may skip (`skip` of changesSince); empty when the read took several pages.
   */
  whole: number[];
}

export async function changeWatermark(db: Db): Promise<Watermark> {
  if (isSqlite(db)) {
    const row = await db.selectFrom('catalog_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
  }
  const { rows } = await sql<{ xmin: string }>`select txid_snapshot_xmin(txid_current_snapshot()) as xmin`.execute(db);
  return Number(rows[0]!.xmin);
}

// Read before every search and every shared page, so written out once rather than built each time.
const SQLITE_CHANGES = 'select id, diamond_id, listed from catalog_changes where id > ? order by id limit ?';
// One statement, one snapshot: the rows and the xmin agree. Later pages of the same read go on from
// the last id seen (`after`); their rows are newer, never older, than the first page's snapshot.
// Transactions already read whole ($4) are left out: while a long writer (an import) holds the xmin
// back, every read would otherwise fetch again every row committed since.
const POSTGRES_CHANGES = `
  select s.xmin, c.id, c.diamond_id, c.listed, c.txid
  from (select txid_snapshot_xmin(txid_current_snapshot()) as xmin) s
  left join lateral (
    select id, diamond_id, listed, txid from catalog_changes
    where txid >= $1 and id > $3 and not (txid = any($4::bigint[])) order by id limit $2
  ) c on true`;

type ChangeRow = { id: number | string | null; diamond_id: number | string | null; listed: number | string | null };
const toChange = (r: ChangeRow): Change => ({
  id: Number(r.id),
  diamond_id: r.diamond_id === null ? null : Number(r.diamond_id),
  listed: r.listed === null ? null : Number(r.listed),
});

/**
 * Every change logged since `watermark`, read `page` rows at a time: the watermark to read from next
 * time, and the changes in id order (on PostgreSQL, some may have been read before).
 */
export async function changesSince(db: Db, watermark: Watermark, page: number, skip: number[] = []): Promise<ChangeBatch> {
  const changes: Change[] = [];
  if (isSqlite(db)) {
    let after = watermark;
    for (;;) {
      const { rows } = await db.executeQuery<ChangeRow>(CompiledQuery.raw(SQLITE_CHANGES, [after, page]));
      for (const r of rows) changes.push(toChange(r));
      if (rows.length) after = changes[changes.length - 1]!.id;
      if (rows.length < page) return { watermark: after, changes, whole: [] };
    }
  }
  let next: Watermark | undefined;
  let after = 0;
  const txids = new Set<number>();
  for (let pages = 1; ; pages++) {
    const { rows } = await db.executeQuery<ChangeRow & { xmin: string; txid: string | number | null }>(CompiledQuery.raw(POSTGRES_CHANGES, [watermark, page, after, skip]));
    next ??= Number(rows[0]!.xmin);
    const got = rows.filter((r) => r.id !== null);
    for (const r of got) {
      changes.push(toChange(r));
      txids.add(Number(r.txid));
    }
    if (got.length) after = changes[changes.length - 1]!.id;
    // A later page is another snapshot: a transaction committed in between may have been read in part.
    if (got.length < page) return { watermark: next, changes, whole: pages === 1 ? [...txids] : [] };
  }
}

export async function pruneChanges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('catalog_changes').where('created_at', '<', before).execute();
}
