/**
 * The diamond catalogue: search (through the in-memory index), one stone by id or certificate, and
 * the rows-to-API mapping (dollars and formated_* strings, image URLs, a display name).
 */
import { diamondSearchDuration } from '~/server/observe/metrics.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import type { Db } from '~/server/db/database.ts';
import { getDb } from '~/server/db/database.ts';
import { nowIso } from '~/server/config/clock.ts';
import { centsToDollars, formatCents } from '~/lib/money.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import { RANGE_LIST } from '~/features/diamonds/attributes.ts';
import { GRADE_KEYS } from '~/features/diamonds/grade-attributes.ts';
import type { GradeAnswerAfter, RangeAnswerAfter } from './diamonds.answers.ts';
import {
  FACET_KEYS,
  LIST_FILTERS,
  type Diamond,
  type DiamondFacets,
  type DiamondPage,
  type DiamondQuery,
  type ListFilterKey,
} from '~/features/diamonds/diamond-query.ts';
import { ELONGATED } from '~/server/images/diamond-svg.ts';
import type { Shape } from '~/features/diamonds/grades.ts';
import { appliedDiamondGeneration, currentDiamondIndex } from './diamond-sync.ts';
import { liveHoldEnds } from './diamond-holds.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { findDiamond, findDiamondByReference } from './diamond.repository.ts';
import { diamondRows } from './diamond-rows.ts';
import { toIndexQuery } from './index-query.ts';

export { toIndexQuery };

/** The drawing of a shape; with a length-to-width ratio, elongated shapes are drawn in that proportion. */
export function diamondImageUrl(shape: string, ratio?: number): string {
  if (ratio === undefined || !ELONGATED.includes(shape as Shape)) return `/images/diamonds/${shape}.svg`;
  return `/images/diamonds/${shape}-${Math.round(Math.min(2.5, Math.max(1, ratio)) * 100)}.svg`;
}

/** "1.02 Carat Round Lab-Grown Diamond": the stone's name on its page, in the cart and the wishlist. */
export function diamondName(d: { carat: number; shape: string; origin: string }): string {
  const shape = shapeLabel(d.shape);
  return `${d.carat.toFixed(2)} Carat ${shape} ${d.origin === 'lab_grown' ? 'Lab-Grown ' : ''}Diamond`;
}

export function toDiamond(r: DiamondRow, base = '/diamonds'): Diamond {
  const carat = Number(r.carat);
  const cents = Number(r.price_cents);
  const perCaratCents = carat > 0 ? Math.round(cents / carat) : cents;
  const image = diamondImageUrl(r.shape, Number(r.lw_ratio));
  const picture = { small_image_url: image, medium_image_url: image, large_image_url: image, original_image_url: image };
  const diamond: Omit<Diamond, RangeAnswerAfter | GradeAnswerAfter> = {
    id: Number(r.id),
    sku: r.sku,
    name: diamondName({ ...r, carat }),
    url: `${base}/${r.id}`,
    shape: r.shape,
    carat,
    cut: r.cut,
    color: r.color,
    clarity: r.clarity,
    polish: r.polish,
    symmetry: r.symmetry,
    fluorescence: r.fluorescence,
    lab: r.lab,
    certificate_number: r.certificate_number,
    origin: r.origin,
    depth: Number(r.depth),
    table: Number(r.table_pct),
    measurements: { length: Number(r.length_mm), width: Number(r.width_mm), depth: Number(r.depth_mm) },
    lw_ratio: Number(r.lw_ratio),
    price: centsToDollars(cents),
    formated_price: formatCents(cents),
    price_per_carat: centsToDollars(perCaratCents),
    formated_price_per_carat: formatCents(perCaratCents),
    status: r.status,
    is_available: r.status === 'available' && !Number(r.is_hidden),
    image_url: image,
    images: [picture],
    base_image: picture,
    photo_url: r.image_url ?? null,
    video_url: r.video_url ?? null,
    availability: (r.availability as Diamond['availability']) ?? null,
  };
  // Every grade attribute (grade-attributes.ts), from its column: those named above keep their place.
  for (const key of GRADE_KEYS) (diamond as Record<string, unknown>)[key] = r[key];
  // Every range attribute shown as a fact (attributes.ts), from its column: those named above keep their place.
  for (const a of RANGE_LIST) if (a.fact) (diamond as Record<string, unknown>)[a.fact.answer] = Number(r[a.column]);
  return diamond as Diamond;
}

/** Milliseconds spent per phase, for a Server-Timing header: sync (change log), index (the pass), rows (the page's rows). */
export type SearchTiming = Partial<Record<'sync' | 'index' | 'rows', number>>;

export async function searchDiamonds(q: DiamondQuery, options: { db?: Db; base?: string; timing?: SearchTiming } = {}): Promise<DiamondPage> {
  const db = options.db ?? (await getDb());
  const t0 = performance.now();
  const index = await currentDiamondIndex(db);
  const t1 = performance.now();
  const result = index.search(toIndexQuery(q));
  const t2 = performance.now();
  const rows = await diamondRows(db, result.ids);
  const holds = await liveHoldEnds(db, appliedDiamondGeneration());
  const t3 = performance.now();
  if (options.timing) Object.assign(options.timing, { sync: t1 - t0, index: t2 - t1, rows: t3 - t2 });
  diamondSearchDuration.observe((t3 - t0) / 1000);
  // A stone that a row read since the index's says is sold is left out rather than shown as for sale.
  const now = nowIso();
  const data = result.ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row || row.status !== 'available' || Number(row.is_hidden)) return [];
    // A held stone stays listed for others, with the hold's end (docs/api.md, Diamond holds).
    const until = holds.get(id);
    const diamond = toDiamond(row, options.base);
    return [until !== undefined && until > now ? { ...diamond, on_hold_until: until } : diamond];
  });
  const facets = Object.fromEntries(
    FACET_KEYS.map((key) => [key, Object.fromEntries(LIST_FILTERS[key as ListFilterKey].map((grade, i) => [grade, result.facets[key][i]!]))]),
  ) as unknown as DiamondFacets;
  facets.carat = result.carat;
  facets.price = result.price && { min: centsToDollars(result.price.min), max: centsToDollars(result.price.max) };
  return {
    data,
    meta: { page_number: q.page_number, page_size: q.page_size, total: result.total, total_pages: Math.ceil(result.total / q.page_size) },
    facets,
    histograms: {
      carat: result.histograms.carat,
      price: { edges: result.histograms.price.edges.map(centsToDollars), counts: result.histograms.price.counts },
    },
  };
}

/**
 * One stone by id, or by certificate number or sku. Hidden stones are not found; sold and reserved
 * ones are, with their status, so that a detail page can say so.
 */
export async function getDiamond(reference: string | number, options: { db?: Db } = {}): Promise<DiamondRow | undefined> {
  const db = options.db ?? (await getDb());
  await expireDueOrders(db);
  const text = String(reference).trim();
  const row = /^\d{1,9}$/.test(text) ? await findDiamond(db, Number(text)) : undefined;
  // Certificate numbers and skus are letters, digits and hyphens: anything else cannot name a stone.
  const found = row ?? (/^[A-Za-z0-9-]{1,40}$/.test(text) ? await findDiamondByReference(db, text.toUpperCase()) : undefined);
  return found && !Number(found.is_hidden) ? found : undefined;
}

/** The inventory's full extent, for the listing's slider ends (every live stone, no filter). */
export async function diamondBounds(options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const index = await currentDiamondIndex(db);
  return index.bounds();
}
