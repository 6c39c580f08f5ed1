/**
 * The diamond search as data: the filter keys of `diamond_filters`, the sort keys, and the page.
 * Browser-safe and dependency-free (the listing island imports it; zod stays on the server: the answers'
 * types come from its schemas by type-only imports).
 */
import type { z } from 'zod';
import type { boundsSchema, diamondFacetsSchema, diamondHistogramsSchema, diamondPageSchema, diamondSchema } from '~/server/diamonds/diamonds.answers.ts';
import { RANGE_FILTER_KEYS, type RangeFilterKey } from './attributes.ts';
import { FACET_KEYS, GRADE_ATTRIBUTES, GRADE_KEYS, GRADE_SORTS, LISTED_GRADES, type FacetKey, type GradeKey, type GradeSort } from './grade-attributes.ts';

/** The list filters and their grades, best first: one entry each in grade-attributes.ts. */
export const LIST_FILTERS = Object.fromEntries(GRADE_KEYS.map((key) => [key, GRADE_ATTRIBUTES[key].grades])) as {
  [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K]['grades'];
};
export type ListFilterKey = GradeKey;
export const LIST_FILTER_KEYS = GRADE_KEYS;

// The range filters: one entry each in attributes.ts.
export { RANGE_FILTER_KEYS, type RangeFilterKey };

/** The facets the answer counts, each with every other filter applied (grade-attributes.ts). */
export { FACET_KEYS, type FacetKey };

/** The sort keys: price, carat, the grade attributes that sort (grade-attributes.ts), price per carat. */
export type DiamondSort = 'price' | 'carat' | GradeSort | 'price_per_carat';
export const DIAMOND_SORTS = ['price', 'carat', ...GRADE_SORTS, 'price_per_carat'] as [DiamondSort, ...DiamondSort[]];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export interface Range {
  min?: number;
  max?: number;
}

export type DiamondFilters = { [K in ListFilterKey]?: string[] } & { [K in RangeFilterKey]?: Range };

export interface DiamondQuery {
  page_number: number;
  page_size: number;
  sort_by: DiamondSort;
  sort_direction: SortDirection;
  filters: DiamondFilters;
}

/** The extent of each range over the whole live inventory (price in USD): the sliders' ends. */
export type RangeBounds = Record<RangeFilterKey, Bounds> | null;

// The answers' shapes are zod schemas in src/server/diamonds/diamonds.answers.ts; type-only here.
export type Diamond = z.output<typeof diamondSchema>;
export type Bounds = z.output<typeof boundsSchema>;
export type DiamondFacets = z.output<typeof diamondFacetsSchema>;
export type DiamondHistograms = z.output<typeof diamondHistogramsSchema>;
export type DiamondPage<D extends DiamondCard = Diamond> = Omit<z.output<typeof diamondPageSchema>, 'data'> & { data: D[] };

/** What a listing card or table row shows of a stone: all the listing island is handed for its first page. */
/**
 * A card's fields, in the order card-pack.ts packs them, each with its kind: a number field is read back as
 * a number. One declaration: a field whose type is a number must say 'number' here (the type checks it).
 * The results table's grade columns not named here (grade-attributes.ts `listed`) follow, as text.
 */
const CARD_FIRST_FIELDS = {
  id: 'number',
  url: 'text',
  shape: 'text',
  carat: 'number',
  cut: 'text',
  color: 'text',
  clarity: 'text',
  lab: 'text',
  origin: 'text',
  image_url: 'text',
  formated_price: 'text',
  formated_price_per_carat: 'text',
  on_hold_until: 'text',
} as const satisfies { [K in keyof Diamond]?: Diamond[K] extends number ? 'number' : 'text' };
export const CARD_FIELD_KINDS = {
  ...CARD_FIRST_FIELDS,
  ...(Object.fromEntries(LISTED_GRADES.filter((k) => !(k in CARD_FIRST_FIELDS)).map((k) => [k, 'text'])) as Record<(typeof LISTED_GRADES)[number], 'text'>),
};
type CardField = keyof typeof CARD_FIELD_KINDS;
export const CARD_FIELDS = Object.keys(CARD_FIELD_KINDS) as CardField[];
export type DiamondCard = Pick<Diamond, CardField>;

export function toCard(d: Diamond): DiamondCard {
  return Object.fromEntries(CARD_FIELDS.map((key) => [key, d[key]])) as DiamondCard;
}

/** A filters object with empty lists and open ranges removed: what `diamond_filters` needs to carry. */
export function compactFilters(filters: DiamondFilters): DiamondFilters {
  const out: DiamondFilters = {};
  for (const key of LIST_FILTER_KEYS) {
    const list = filters[key];
    if (list && list.length) out[key] = [...list];
  }
  for (const key of RANGE_FILTER_KEYS) {
    const r = filters[key];
    if (r && (r.min !== undefined || r.max !== undefined)) out[key] = { ...r };
  }
  return out;
}
