/**
 * Diamond listing URLs nobody asked for before: random filter combinations in the listing's URL shape
 * (src/features/diamonds/diamond-url.ts), from a seeded generator so that a run is repeatable, each
 * one made unique by its price bounds. Used by bench:load's fresh-URL phase.
 */
import { createRng } from '../../src/server/db/seed/random.ts';

const SHAPES = ['round', 'princess', 'cushion', 'oval', 'emerald', 'pear', 'marquise', 'radiant', 'asscher', 'heart'];
const CUTS = ['Ideal', 'Excellent', 'Very Good', 'Good'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
const SORTS = ['price', 'carat', 'cut', 'color', 'clarity', 'price_per_carat'];

/** `count` distinct listing paths (`/diamonds?…`), random filters, every one new. */
export function freshListingPaths(count: number, seed = 1): string[] {
  const random = createRng(seed);
  const pick = <T>(list: T[], most: number) => list.filter(() => random() < most / list.length);
  const paths = new Set<string>();
  while (paths.size < count) {
    const parts: string[] = [];
    if (random() < 0.3) parts.push(`sort_by=${SORTS[Math.floor(random() * SORTS.length)]}`, `sort_direction=${random() < 0.5 ? 'asc' : 'desc'}`);
    const shapes = random() < 0.6 ? pick(SHAPES, 2) : [];
    if (shapes.length) parts.push(`df_shape=${shapes.join(',')}`);
    const cuts = random() < 0.3 ? pick(CUTS, 2) : [];
    if (cuts.length) parts.push(`df_cut=${cuts.map(encodeURIComponent).join(',')}`);
    const colors = random() < 0.4 ? pick(COLORS, 3) : [];
    if (colors.length) parts.push(`df_color=${colors.join(',')}`);
    const clarities = random() < 0.4 ? pick(CLARITIES, 3) : [];
    if (clarities.length) parts.push(`df_clarity=${clarities.join(',')}`);
    if (random() < 0.2) parts.push(`df_origin=${random() < 0.5 ? 'natural' : 'lab_grown'}`);
    if (random() < 0.5) parts.push(`df_carat_min=${(0.3 + random() * 1.2).toFixed(2)}`);
    // The price bounds make each URL its own (a cent's difference is a new page to the cache).
    parts.push(`df_price_min=${Math.floor(300 + random() * 3000)}`, `df_price_max=${Math.floor(20_000 + random() * 200_000)}`);
    paths.add(`/diamonds?${parts.join('&')}`);
  }
  return [...paths];
}
