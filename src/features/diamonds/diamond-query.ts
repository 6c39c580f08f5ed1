/**
 * The diamond search as data: the filter keys of `diamond_filters`, the sort keys, and the page.
 * Browser-safe and dependency-free (the listing island imports it; zod stays on the server).
 */
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

export const RANGE_FILTER_KEYS = ['carat', 'price', 'depth', 'table', 'lw_ratio'] as const;
export type RangeFilterKey = (typeof RANGE_FILTER_KEYS)[number];

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

export interface Diamond {
  id: number;
  sku: string;
  name: string;
  url: string;
  shape: string;
  carat: number;
  cut: string;
  color: string;
  clarity: string;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  certificate_number: string;
  origin: 'natural' | 'lab_grown';
  depth: number;
  table: number;
  measurements: { length: number; width: number; depth: number };
  lw_ratio: number;
  price: number;
  formated_price: string;
  price_per_carat: number;
  formated_price_per_carat: string;
  status: 'available' | 'reserved' | 'sold';
  is_available: boolean;
  image_url: string;
  images: DiamondImage[];
  base_image: DiamondImage;
}

export interface DiamondImage {
  small_image_url: string;
  medium_image_url: string;
  large_image_url: string;
  original_image_url: string;
}

export interface Bounds {
  min: number;
  max: number;
}

/** The extent of each range over the whole live inventory (price in USD): the sliders' ends. */
export type RangeBounds = Record<RangeFilterKey, Bounds> | null;

export type DiamondFacets = { [K in FacetKey]: Record<string, number> } & { carat: Bounds | null; price: Bounds | null };

export interface DiamondPage<D extends DiamondCard = Diamond> {
  data: D[];
  meta: { page_number: number; page_size: number; total: number; total_pages: number };
  facets: DiamondFacets;
}

/** What a listing card shows of a stone: all the listing island is handed for its first page. */
export const CARD_FIELDS = ['id', 'url', 'shape', 'carat', 'cut', 'color', 'clarity', 'lab', 'origin', 'image_url', 'formated_price'] as const;
export type DiamondCard = Pick<Diamond, (typeof CARD_FIELDS)[number]>;

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
