/**
 * Diamonds in the database (Kysely only). Also the change log the index follows: triggers on the
 * diamonds table (migration 0002) write one row per changed stone into catalog_changes.
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
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('diamonds').select(INDEX_COLUMNS).where('id', 'in', ids.slice(i, i + 500)).execute();
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

export interface ChangeBatch {
  watermark: Watermark;
  changes: { id: number; diamond_id: number | null }[];
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
const SQLITE_CHANGES = 'select id, diamond_id from catalog_changes where id > ? order by id limit ?';
// One statement, one snapshot: the rows and the xmin agree.
const POSTGRES_CHANGES = `
  select s.xmin, c.id, c.diamond_id
  from (select txid_snapshot_xmin(txid_current_snapshot()) as xmin) s
  left join lateral (
    select id, diamond_id from catalog_changes where txid >= $1 order by id limit $2
  ) c on true`;

export async function changesSince(db: Db, watermark: Watermark, limit: number): Promise<ChangeBatch> {
  if (isSqlite(db)) {
    const { rows } = await db.executeQuery<{ id: number; diamond_id: number | null }>(CompiledQuery.raw(SQLITE_CHANGES, [watermark, limit]));
    return { watermark: rows.length ? Number(rows[rows.length - 1]!.id) : watermark, changes: rows.map((r) => ({ id: Number(r.id), diamond_id: r.diamond_id === null ? null : Number(r.diamond_id) })) };
  }
  const { rows } = await db.executeQuery<{ xmin: string; id: number | null; diamond_id: number | null }>(CompiledQuery.raw(POSTGRES_CHANGES, [watermark, limit]));
  return {
    watermark: Number(rows[0]!.xmin),
    changes: rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), diamond_id: r.diamond_id === null ? null : Number(r.diamond_id) })),
  };
}

/** Records changes by hand (the triggers cover updates and deletes; inserts and bulk loads call this). */
export async function recordChanges(db: Db, diamondIds: (number | null)[]): Promise<void> {
  if (!diamondIds.length) return;
  await db.insertInto('catalog_changes').values(diamondIds.map((diamond_id) => ({ diamond_id }))).execute();
}

export async function pruneChanges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('catalog_changes').where('created_at', '<', before).execute();
}
