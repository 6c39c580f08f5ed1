/**
 * A catalogue query as the in-memory index reads it (its own module, free of the database and the server,
 * so that the index-pass bench and the unit tests load it with plain Node).
 */
import { LIST_FILTER_KEYS, RANGE_FILTER_KEYS, type DiamondQuery, type RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { CODE } from './diamond-codes.ts';
import type { IndexQuery } from './diamond-index.ts';

/** Filters as the index reads them: grade bit sets and inclusive bounds (price in cents). */
export function toIndexQuery(q: DiamondQuery): IndexQuery {
  const allowed: IndexQuery['allowed'] = {};
  for (const key of LIST_FILTER_KEYS) {
    const list = q.filters[key];
    if (!list?.length) continue; // an empty list filters nothing
    allowed[key] = list.reduce((bits, grade) => bits | (1 << CODE[key].get(grade)!), 0);
  }
  const ranges: IndexQuery['ranges'] = {};
  for (const key of RANGE_FILTER_KEYS) {
    const r = q.filters[key];
    if (!r || (r.min === undefined && r.max === undefined)) continue;
    // Prices are whole cents: a bound in dollars becomes the nearest cent inside the range.
    const scale = key === 'price' ? 100 : 1;
    const lo = r.min === undefined ? -Infinity : key === 'price' ? Math.ceil(r.min * scale - 1e-6) : r.min;
    const hi = r.max === undefined ? Infinity : key === 'price' ? Math.floor(r.max * scale + 1e-6) : r.max;
    ranges[key as RangeFilterKey] = [lo, hi];
  }
  return {
    allowed,
    ranges,
    sort: q.sort_by,
    desc: q.sort_direction === 'desc',
    offset: (q.page_number - 1) * q.page_size,
    limit: q.page_size,
  };
}
