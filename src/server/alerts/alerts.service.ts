/**
 * A signed-in shopper's alerts: `price_drop` on a stone or on a piece of jewellery's variant (its
 * metal and total carat weight), `back_in_stock` on a stone, `saved_search` on the diamond listing's filters
 * and sort. Asking twice for the same stone or variant alert answers the one there is.
 * Each alert remembers what its watcher was last told, so that the pass (alert-pass.ts) tells each
 * change once.
 */
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { nowIso, nowMs } from '~/server/config/clock.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import { liveHold } from '~/server/holds/hold.repository.ts';
import type { AlertCreate } from './alerts.answers.ts';
import { caratLabel } from '~/lib/fractions.ts';
import { alertsOf, findAlert, newestStoneId, watchedVariants, type AlertRow, type WatchedVariant } from './alert.repository.ts';
import { validSignature } from './unsubscribe-link.ts';

/** At most this many alerts per shopper. */
export const MAX_ALERTS = 50;
export const DIGEST_EVERY_MS = 24 * 3_600_000;

export interface SavedSearch {
  filters: Record<string, unknown>;
  sort_by?: string;
  sort_direction?: string;
}

/** A stone is for sale to anyone: available, shown, and not held. */
export async function forSale(db: Db, stone: { id: number; status: string; is_hidden: number } | undefined): Promise<boolean> {
  return !!stone && stone.status === 'available' && !Number(stone.is_hidden) && !(await liveHold(db, stone.id, nowIso()));
}

function describeFilters(s: SavedSearch): string {
  const parts = Object.entries(s.filters).map(([k, v]) =>
    Array.isArray(v)
      ? `${k}: ${v.join(', ')}`
      : v && typeof v === 'object'
        ? `${k}: ${(v as { min?: number }).min ?? '…'} to ${(v as { max?: number }).max ?? '…'}`
        : `${k}`,
  );
  return parts.length ? parts.join('; ') : 'All diamonds';
}

/** A variant in words: its metal, and its total carat weight where it has diamonds ("14K White Gold, 1/2 ct. tw."). */
export const variantWords = (v: Pick<WatchedVariant, 'metal_name' | 'total_carat_weight'>) =>
  v.total_carat_weight > 0 ? `${v.metal_name}, ${caratLabel(v.total_carat_weight)}` : v.metal_name;

/** The product page with the variant chosen (the links of its metal and weight choices, product-detail.ts). */
export const variantPath = (v: Pick<WatchedVariant, 'product_id' | 'metal_code' | 'total_carat_weight'>) =>
  `/products/${v.product_id}?metal=${encodeURIComponent(v.metal_code)}&ctw=${v.total_carat_weight}`;

export async function presentAlerts(db: Db, rows: AlertRow[]) {
  const ids = [...new Set(rows.map((r) => r.diamond_id).filter((id): id is number => id !== null))];
  const stones = ids.length ? await db.selectFrom('diamonds').select(['id', 'carat', 'shape', 'origin']).where('id', 'in', ids).execute() : [];
  const names = new Map(stones.map((s) => [Number(s.id), diamondName(s)]));
  const variantIds = [...new Set(rows.map((r) => r.variant_id).filter((id): id is number => id !== null))].map(Number);
  const variants = new Map((await watchedVariants(db, variantIds)).map((v) => [v.id, v]));
  return rows.map((r) => {
    const search = r.filters ? (JSON.parse(r.filters) as SavedSearch) : undefined;
    const name = r.diamond_id !== null ? (names.get(r.diamond_id) ?? `Diamond ${r.diamond_id}`) : null;
    const variantId = r.variant_id === null ? null : Number(r.variant_id);
    const variant = variantId === null ? undefined : variants.get(variantId);
    const piece = variant ? `${variant.product_name}, ${variantWords(variant)}` : `piece of jewellery ${variantId}`;
    return {
      id: r.id,
      kind: r.kind,
      diamond_id: r.diamond_id,
      diamond_name: name,
      variant_id: variantId,
      product_id: variant?.product_id ?? null,
      product_name: variant?.product_name ?? null,
      variant_name: variant ? variantWords(variant) : null,
      diamond_filters: search?.filters ?? null,
      sort_by: search?.sort_by ?? null,
      sort_direction: search?.sort_direction ?? null,
      url: r.diamond_id !== null ? `/diamonds/${r.diamond_id}` : variantId !== null ? (variant ? variantPath(variant) : '/') : (r.search_url ?? '/diamonds'),
      description:
        r.kind === 'price_drop'
          ? variantId !== null
            ? `Price drops on ${piece}`
            : `Price drops of the ${name}`
          : r.kind === 'back_in_stock'
            ? `When the ${name} is available again`
            : `New diamonds: ${describeFilters(search!)}`,
      created_at: r.created_at,
    };
  });
}

/** The variant a new price-drop alert watches: 404 unknown, 409 not on sale (each naming variant_id). */
async function variantToWatch(db: Db, id: number): Promise<WatchedVariant> {
  const [variant] = await watchedVariants(db, [id]);
  if (!variant) throw new HttpError(404, `No piece of jewellery has variant id ${id}`, 'not_found', { variant_id: ['is not a known variant'] });
  if (!variant.on_sale)
    throw new HttpError(409, `The ${variant.product_name} in ${variantWords(variant)} is not on sale`, 'not_on_sale', { variant_id: ['is not on sale'] });
  return variant;
}

export async function createAlert(db: Db, customerId: number, input: AlertCreate) {
  const mine = await alertsOf(db, customerId);
  const now = nowIso();
  if (input.kind !== 'saved_search') {
    const variantId = input.kind === 'price_drop' ? input.variant_id : undefined;
    const same = mine.find(
      (a) =>
        a.kind === input.kind &&
        (variantId !== undefined ? Number(a.variant_id) === variantId : a.diamond_id !== null && Number(a.diamond_id) === input.diamond_id),
    );
    if (same) return { created: false, alert: (await presentAlerts(db, [same]))[0]! };
  }
  if (mine.length >= MAX_ALERTS)
    throw new HttpError(409, `You have ${MAX_ALERTS} alerts, the most we keep: delete one first`, 'alert_limit', { kind: ['too many alerts'] });
  let values: Omit<AlertRow, 'id'>;
  if (input.kind === 'saved_search') {
    const search: SavedSearch = {
      filters: input.diamond_filters,
      ...(input.sort_by ? { sort_by: input.sort_by } : {}),
      ...(input.sort_direction ? { sort_direction: input.sort_direction } : {}),
    };
    values = {
      customer_id: customerId,
      kind: 'saved_search',
      diamond_id: null,
      variant_id: null,
      filters: JSON.stringify(search),
      search_url: input.url ?? null,
      last_price_cents: null,
      last_available: null,
      last_digest_at: now,
      last_stone_id: await newestStoneId(db),
      next_digest_at: new Date(nowMs() + DIGEST_EVERY_MS).toISOString(),
      created_at: now,
    };
  } else if (input.kind === 'price_drop' && input.variant_id !== undefined) {
    const variant = await variantToWatch(db, input.variant_id);
    values = {
      customer_id: customerId,
      kind: 'price_drop',
      diamond_id: null,
      variant_id: variant.id,
      filters: null,
      search_url: null,
      last_price_cents: variant.price_cents,
      last_available: null,
      last_digest_at: null,
      last_stone_id: null,
      next_digest_at: null,
      created_at: now,
    };
  } else {
    const diamondId = input.diamond_id!; // the schema asks for one of the two ids
    const stone = await db.selectFrom('diamonds').select(['id', 'status', 'is_hidden', 'price_cents']).where('id', '=', diamondId).executeTakeFirst();
    if (!stone || Number(stone.is_hidden)) throw notFound(`No diamond has id ${diamondId}`);
    values = {
      customer_id: customerId,
      kind: input.kind,
      diamond_id: diamondId,
      variant_id: null,
      filters: null,
      search_url: null,
      last_price_cents: Number(stone.price_cents),
      last_available: (await forSale(db, stone)) ? 1 : 0,
      last_digest_at: null,
      last_stone_id: null,
      next_digest_at: null,
      created_at: now,
    };
  }
  const row = await db.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();
  return { created: true, alert: (await presentAlerts(db, [row]))[0]! };
}

export async function listAlerts(db: Db, customerId: number) {
  return presentAlerts(db, await alertsOf(db, customerId));
}

export async function deleteAlert(db: Db, customerId: number, id: number): Promise<void> {
  const r = await db.deleteFrom('alerts').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound('You have no alert with this id');
}

/** The e-mail's signed link: the alert goes, no sign-in needed; an alert already gone answers the same. */
export async function unsubscribe(db: Db, id: number, signature: string): Promise<void> {
  if (!(await validSignature(db, id, signature))) throw new HttpError(403, 'This unsubscribe link is not valid', 'bad_signature', { s: ['does not match'] });
  if (await findAlert(db, id)) await db.deleteFrom('alerts').where('id', '=', id).execute();
}
