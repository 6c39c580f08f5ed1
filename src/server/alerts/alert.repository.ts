/** Alerts in the database (Kysely only); see alert.service.ts and alert-pass.ts. */
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { AlertsTable, DiamondRow } from '~/server/db/schema.ts';
import type { DiamondFilters } from '~/features/diamonds/diamond-query.ts';
import { LIST_FILTER_KEYS, RANGE_FILTER_KEYS } from '~/features/diamonds/diamond-query.ts';
import { RANGE_ATTRIBUTES } from '~/features/diamonds/attributes.ts';

export type AlertRow = Selectable<AlertsTable>;

export const findAlert = (db: Db, id: number) => db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();

export const alertsOf = (db: Db, customerId: number) =>
  db.selectFrom('alerts').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();

export const stoneAlerts = (db: Db, diamondIds: number[]) =>
  diamondIds.length
    ? db.selectFrom('alerts').selectAll().where('diamond_id', 'in', diamondIds).where('kind', 'in', ['price_drop', 'back_in_stock']).execute()
    : Promise.resolve([] as AlertRow[]);

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
    const column = RANGE_ATTRIBUTES[key].column;
    const scale = key === 'price' ? 100 : 1;
    if (r?.min !== undefined) q = q.where(column, '>=', key === 'price' ? Math.ceil(r.min * scale - 1e-6) : r.min);
    if (r?.max !== undefined) q = q.where(column, '<=', key === 'price' ? Math.floor(r.max * scale + 1e-6) : r.max);
  }
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** A watched piece of jewellery's variant: its product, metal and weight, price, and whether both are on sale. */
export interface WatchedVariant {
  id: number;
  product_id: number;
  product_name: string;
  metal_code: string;
  metal_name: string;
  total_carat_weight: number;
  price_cents: number;
  on_sale: boolean;
}

export async function watchedVariants(db: Db, variantIds: number[]): Promise<WatchedVariant[]> {
  if (!variantIds.length) return [];
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('metals as m', 'm.code', 'v.metal_code')
    .select(['v.id', 'v.product_id', 'p.name as product_name', 'v.metal_code', 'm.name as metal_name', 'v.total_carat_weight', 'v.price_cents'])
    .select(['v.status as variant_status', 'p.status as product_status'])
    .where('v.id', 'in', variantIds)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    product_id: Number(r.product_id),
    product_name: r.product_name,
    metal_code: r.metal_code,
    metal_name: r.metal_name ?? r.metal_code,
    total_carat_weight: Number(r.total_carat_weight),
    price_cents: Number(r.price_cents),
    on_sale: Number(r.variant_status) === 1 && Number(r.product_status) === 1,
  }));
}

/**
 * One page (by alert id, after `afterId`) of the variant price-drop alerts whose variant's price is not the
 * one the watcher was last told, on variants and products on sale (one taken off sale waits until it is back).
 */
export const repricedVariantAlerts = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('alerts')
    .innerJoin('product_variants as v', 'v.id', 'alerts.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('alerts')
    .select(['v.price_cents as price_now', 'p.updated_at as product_updated_at'])
    .where('alerts.kind', '=', 'price_drop')
    .where('alerts.variant_id', 'is not', null)
    .where('alerts.id', '>', afterId)
    .where('v.status', '=', 1)
    .where('p.status', '=', 1)
    .whereRef('v.price_cents', '!=', 'alerts.last_price_cents')
    .orderBy('alerts.id')
    .limit(limit)
    .execute();
