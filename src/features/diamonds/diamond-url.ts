/**
 * The diamond listing's state in the URL, so a shared link reproduces the search:
 *   page, sort_by, sort_direction            (only when not the default)
 *   df_shape=oval,round  df_cut=…  df_color=…  df_clarity=…  df_polish=…  df_symmetry=…
 *   df_fluorescence=…  df_lab=…  df_origin=natural
 *   df_<key>_min / df_<key>_max for every range filter (attributes.ts): df_carat_min=1  df_price_max (USD) …
 *   view=table                                (the results as a sortable table; the grid otherwise)
 * Filter parameters (df*) always come after the others (docs/api.md). Lists may also be repeated
 * parameters (a plain form submits them so). Values that make no sense are dropped, never an error:
 * a shopper's broken link still shows diamonds.
 */
import {
  DIAMOND_SORTS,
  LIST_FILTER_KEYS,
  LIST_FILTERS,
  RANGE_FILTER_KEYS,
  SORT_DIRECTIONS,
  type DiamondFilters,
  type DiamondSort,
  type SortDirection,
} from './diamond-query.ts';

export interface DiamondListingState {
  filters: DiamondFilters;
  sort_by: DiamondSort;
  sort_direction: SortDirection;
  page: number;
  /** The results as a table; the card grid when absent. */
  view?: 'table';
}

export const DEFAULT_STATE: DiamondListingState = { filters: {}, sort_by: 'price', sort_direction: 'asc', page: 1 };

function listParam(params: URLSearchParams, name: string, allowed: readonly string[]): string[] | undefined {
  const values = params.getAll(name).flatMap((v) => v.split(','));
  if (!values.length) return undefined;
  return allowed.filter((a) => values.some((v) => v.trim().toLowerCase() === a.toLowerCase()));
}

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** Reads the state from a query string; `preset` (from the route's slug) applies where the URL is silent. */
/** A query string that keeps list commas readable (df_shape=oval,pear). */
export function queryString(parts: [string, string][]): string {
  return parts.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`).join('&');
}

export function stateFromParams(params: URLSearchParams, preset: DiamondFilters = {}): DiamondListingState {
  const filters: DiamondFilters = {};
  for (const key of LIST_FILTER_KEYS) {
    const list = listParam(params, `df_${key}`, LIST_FILTERS[key]) ?? preset[key];
    if (list?.length) filters[key] = list;
  }
  for (const key of RANGE_FILTER_KEYS) {
    let min = numberParam(params, `df_${key}_min`);
    let max = numberParam(params, `df_${key}_max`);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (min !== undefined || max !== undefined) filters[key] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  const sort = params.get('sort_by') as DiamondSort | null;
  const direction = params.get('sort_direction') as SortDirection | null;
  const page = Number(params.get('page'));
  return {
    filters,
    sort_by: sort && DIAMOND_SORTS.includes(sort) ? sort : DEFAULT_STATE.sort_by,
    sort_direction: direction && SORT_DIRECTIONS.includes(direction) ? direction : DEFAULT_STATE.sort_direction,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    ...(params.get('view') === 'table' && { view: 'table' as const }),
  };
}

/** The query string of a state: other parameters first, then the df* filters, in a fixed order. */
export function paramsFromState(state: DiamondListingState): string {
  const parts: [string, string][] = [];
  if (state.view === 'table') parts.push(['view', 'table']);
  if (state.page > 1) parts.push(['page', String(state.page)]);
  if (state.sort_by !== DEFAULT_STATE.sort_by) parts.push(['sort_by', state.sort_by]);
  if (state.sort_direction !== DEFAULT_STATE.sort_direction) parts.push(['sort_direction', state.sort_direction]);
  for (const key of LIST_FILTER_KEYS) {
    const list = state.filters[key];
    if (list?.length) parts.push([`df_${key}`, list.join(',')]);
  }
  for (const key of RANGE_FILTER_KEYS) {
    const r = state.filters[key];
    if (r?.min !== undefined) parts.push([`df_${key}_min`, String(r.min)]);
    if (r?.max !== undefined) parts.push([`df_${key}_max`, String(r.max)]);
  }
  return queryString(parts);
}

/** The href of a state at a listing path; `lead` (a build-your-own selection) goes before the filters. */
export function listingHref(path: string, state: DiamondListingState, lead = ''): string {
  const query = [lead, paramsFromState(state)].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

/** Where a listing lives: its prefix (/diamonds) and, on a slug route (/diamonds/oval), the slug's preset. */
export interface ListingPaths {
  prefix: string;
  slugPath?: string;
  preset: DiamondFilters;
  /** In build-your-own mode, the selection's query (setting=…&variant=…), kept on every link. */
  lead?: string;
}

const sameList = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The href of a state: on the slug's own path while the state keeps the slug's preset, else on the prefix. */
export function hrefFor(paths: ListingPaths, state: DiamondListingState): string {
  const keys = Object.keys(paths.preset) as (keyof DiamondFilters)[];
  if (paths.slugPath && keys.every((k) => sameList(state.filters[k], paths.preset[k]))) {
    const filters = { ...state.filters };
    for (const k of keys) delete filters[k];
    return listingHref(paths.slugPath, { ...state, filters }, paths.lead);
  }
  return listingHref(paths.prefix, state, paths.lead);
}
