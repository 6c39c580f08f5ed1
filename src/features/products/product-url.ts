/**
 * The product listing's state in the URL: page, sort_by, sort_direction, then the pf* filters
 * (pf_metal=platinum,18k_rose_gold  pf_style=halo  pf_shape=oval  pf_price_min / pf_price_max in USD).
 * Unknown values are dropped, never an error.
 */
import { METAL_CODES } from './metals.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';
import { queryString } from '~/features/diamonds/diamond-url.ts';
import { PRODUCT_SORTS, type ProductFilters, type ProductSort } from './product.ts';

export interface ProductListingState {
  filters: ProductFilters;
  sort_by: ProductSort;
  sort_direction: 'asc' | 'desc';
  page: number;
}

export const DEFAULT_PRODUCT_STATE: ProductListingState = { filters: {}, sort_by: 'price', sort_direction: 'asc', page: 1 };

const list = (params: URLSearchParams, name: string, ok: (v: string) => boolean) => {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(ok);
  return values.length ? [...new Set(values)] : undefined;
};
const num = (params: URLSearchParams, name: string) => {
  const raw = params.get(name);
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

export function productStateFromParams(params: URLSearchParams): ProductListingState {
  const filters: ProductFilters = {};
  const metal = list(params, 'pf_metal', (v) => (METAL_CODES as readonly string[]).includes(v));
  const style = list(params, 'pf_style', (v) => /^[a-z0-9-]{1,40}$/.test(v));
  const shape = list(params, 'pf_shape', (v) => (SHAPES as readonly string[]).includes(v));
  if (metal) filters.metal = metal;
  if (style) filters.style = style;
  if (shape) filters.shape = shape;
  const min = num(params, 'pf_price_min');
  const max = num(params, 'pf_price_max');
  if (min !== undefined || max !== undefined) filters.price = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  if (filters.price?.min !== undefined && filters.price.max !== undefined && filters.price.min > filters.price.max) delete filters.price;
  const sort = params.get('sort_by') as ProductSort | null;
  const direction = params.get('sort_direction');
  const page = Number(params.get('page'));
  const sort_by = sort && PRODUCT_SORTS.includes(sort) ? sort : DEFAULT_PRODUCT_STATE.sort_by;
  return {
    filters,
    sort_by,
    sort_direction: direction === 'asc' || direction === 'desc' ? direction : sort_by === 'newest' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The href of a state; `lead` (a build-your-own selection) goes before the other parameters. */
export function productHref(path: string, state: ProductListingState, lead = ''): string {
  const parts: [string, string][] = [];
  if (state.page > 1) parts.push(['page', String(state.page)]);
  if (state.sort_by !== DEFAULT_PRODUCT_STATE.sort_by) parts.push(['sort_by', state.sort_by]);
  const defaultDirection = state.sort_by === 'newest' ? 'desc' : 'asc';
  if (state.sort_direction !== defaultDirection) parts.push(['sort_direction', state.sort_direction]);
  const f = state.filters;
  if (f.metal?.length) parts.push(['pf_metal', f.metal.join(',')]);
  if (f.style?.length) parts.push(['pf_style', f.style.join(',')]);
  if (f.shape?.length) parts.push(['pf_shape', f.shape.join(',')]);
  if (f.price?.min !== undefined) parts.push(['pf_price_min', String(f.price.min)]);
  if (f.price?.max !== undefined) parts.push(['pf_price_max', String(f.price.max)]);
  const query = [lead, queryString(parts)].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}
