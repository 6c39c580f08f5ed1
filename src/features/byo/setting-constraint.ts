/**
 * Build-your-own mode of the diamond listing: what a chosen setting allows, and the shopper's filters
 * inside it (browser-safe, shared with the server). Its own module so that the listing island loads only
 * this, not the whole selection code of byo.ts.
 */
import type { DiamondFilters } from '~/features/diamonds/diamond-query.ts';

/** What a chosen setting allows: the shapes it holds and its carat range. */
export interface SettingConstraint {
  shapes: string[];
  carat: { min: number; max: number };
}

/**
 * The shopper's diamond filters inside a setting's limits: shapes intersected (none left means the
 * setting's own list), the carat range clamped. The server's first page and the island's fetches both use it.
 */
export function constrainFilters(filters: DiamondFilters, c: SettingConstraint): DiamondFilters {
  const chosen = (filters.shape ?? []).filter((s) => c.shapes.includes(s));
  const lo = Math.max(filters.carat?.min ?? c.carat.min, c.carat.min);
  const hi = Math.min(filters.carat?.max ?? c.carat.max, c.carat.max);
  return { ...filters, shape: chosen.length ? chosen : c.shapes, carat: lo <= hi ? { min: lo, max: hi } : { ...c.carat } };
}
