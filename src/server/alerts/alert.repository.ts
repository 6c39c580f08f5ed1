/** Alerts in the database (Kysely only); see alert.service.ts and alert-pass.ts. */
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { AlertsTable, DiamondRow } from '~/server/db/schema.ts';
import type { DiamondFilters } from '~/features/diamonds/diamond-query.ts';
import { LIST_FILTER_KEYS, RANGE_FILTER_KEYS } from '~/features/diamonds/diamond-query.ts';

export type AlertRow = Selectable<AlertsTable>;

export const findAlert = (db: Db, id: number) => db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();

export const alertsOf = (db: Db, customerId: number) =>
  db.selectFrom('alerts').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();

export const stoneAlerts = (db: Db, diamondIds: number[]) =>
  diamondIds.length
    ? db.selectFrom('alerts').selectAll().where('diamond_id', 'in', diamondIds).where('kind', 'in', ['price_drop', 'back_in_stock']).execute()
    : Promise.resolve([] as AlertRow[]);

const RANGE_COLUMN = { carat: 'carat', price: 'price_cents', depth: 'depth', table: 'table_pct', lw_ratio: 'lw_ratio' } as const;

/** The newest stone's id (0: none). */
export async function newestStoneId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('diamonds')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Stones for sale that match the filters and were added after stone `afterId` (up to `upToId`), newest first. */
export async function newMatches(db: Db, filters: DiamondFilters, afterId: number, upToId: number, limit: number): Promise<DiamondRow[]> {
  let q = db
    .selectFrom('diamonds')
    .selectAll()
    .where('status', '=', 'available')
    .where('is_hidden', '=', 0)
    .where('id', '>', afterId)
    .where('id', '<=', upToId);
  for (const key of LIST_FILTER_KEYS) {
    const list = filters[key];
    if (list?.length) q = q.where(key, 'in', list as string[]);
  }
  for (const key of RANGE_FILTER_KEYS) {
    const r = filters[key];
    const column = RANGE_COLUMN[key];
    const scale = key === 'price' ? 100 : 1;
    if (r?.min !== undefined) q = q.where(column, '>=', key === 'price' ? Math.ceil(r.min * scale - 1e-6) : r.min);
    if (r?.max !== undefined) q = q.where(column, '<=', key === 'price' ? Math.floor(r.max * scale + 1e-6) : r.max);
  }
  return q.orderBy('id', 'desc').limit(limit).execute();
}
