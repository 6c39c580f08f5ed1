/**
 * The diamond search as data: the filter keys of `diamond_filters`, the sort keys, and the page.
 * Browser-safe and dependency-free (the listing island imports it; zod stays on the server: the answers'
 * types come from its schemas by type-only imports).
 */
import type { z } from 'zod';
import type { boundsSchema, diamondFacetsSchema, diamondHistogramsSchema, diamondPageSchema, diamondSchema } from '~/server/diamonds/diamond.answers.ts';
import { RANGE_FILTER_KEYS, type RangeFilterKey } from './attributes.ts';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCES, LABS, ORIGINS, SHAPES } from './grades.ts';

export const LIST_FILTERS = {
  shape: SHAPES,
  origin: ORIGINS,
  cut: CUTS,
  color: COLORS,
  clarity: CLARITIES,
  polish: FINISHES,
  symmetry: FINISHES,
  fluorescence: FLUORESCENCES,
  lab: LABS,
} as const;
export type ListFilterKey = keyof typeof LIST_FILTERS;
export const LIST_FILTER_KEYS = Object.keys(LIST_FILTERS) as ListFilterKey[];

// The range filters: one entry each in attributes.ts.
export { RANGE_FILTER_KEYS, type RangeFilterKey };

/** The facets the answer counts, each with every other filter applied. */
export const FACET_KEYS = ['shape', 'cut', 'color', 'clarity', 'lab', 'origin'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const DIAMOND_SORTS = ['price', 'carat', 'cut', 'color', 'clarity', 'price_per_carat'] as const;
export type DiamondSort = (typeof DIAMOND_SORTS)[number];
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

// The answers' shapes are zod schemas in src/server/diamonds/diamond.answers.ts; type-only here.
export type Diamond = z.output<typeof diamondSchema>;
export type Bounds = z.output<typeof boundsSchema>;
export type DiamondFacets = z.output<typeof diamondFacetsSchema>;
export type DiamondHistograms = z.output<typeof diamondHistogramsSchema>;
export type DiamondPage<D extends DiamondCard = Diamond> = Omit<z.output<typeof diamondPageSchema>, 'data'> & { data: D[] };

/** What a listing card or table row shows of a stone: all the listing island is handed for its first page. */
/**
 * A card's fields, in the order card-pack.ts packs them, each with its kind: a number field is read back as
 * a number. One declaration: a field whose type is a number must say 'number' here (the type checks it).
 */
export const CARD_FIELD_KINDS = {
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
