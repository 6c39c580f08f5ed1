/**
 * The carat and price histograms of a search: how many stones fall in each of about 40 buckets along
 * the slider's scale (linear for carat, logarithmic for price), each counted with every other filter
 * applied, as the facets are.
 *
 * The edges span the live inventory's extent, rounded outwards to the slider's step (0.01 ct, $10),
 * exactly as the listing's sliders do, so the bars line up with the track. They depend on the inventory
 * only: the same for every search until a change moves the extent.
 *
 * The counting happens in the search pass (diamond-scan.ts): each stone carries its carat bucket and its
 * price bucket, a byte each in the index's arena (diamond-arena.ts), and the pass counts the buckets of
 * the stones that pass every filter but carat (the carat histogram) and every filter but price (the
 * price histogram).
 * The bucket columns are worked out here, once per state of the inventory (the index's bounds object is
 * new after every change), not per search.
 */
import type { Arena } from './diamond-arena.ts';
import type { InventoryBounds } from './diamond-index.ts';

export const HIST_BUCKETS = 40;

export interface HistogramEdges {
  /** Bucket edges, ascending, one more than the buckets (empty when no stone is live). Price in cents. */
  carat: number[];
  price: number[];
  /**
   * The live stones per bucket, kept here by the pass once it has counted them (diamond-scan.ts): a
   * new HistogramEdges object comes with every change to the stones, so they are never stale.
   */
  live?: { carat: Uint32Array; price: Uint32Array };
}

/** Linear edges from lo to hi (rounded to 4 decimals); a single bucket when the extent is one value. */
export function linearEdges(lo: number, hi: number, buckets = HIST_BUCKETS): number[] {
  if (!(hi > lo)) return [lo, hi];
  return Array.from({ length: buckets + 1 }, (_, k) => (k === buckets ? hi : Number((lo + ((hi - lo) * k) / buckets).toFixed(4))));
}

/** Logarithmic edges from lo to hi in whole units (cents), strictly ascending; linear when lo ≤ 0. */
export function logEdges(lo: number, hi: number, buckets = HIST_BUCKETS): number[] {
  if (!(hi > lo)) return [lo, hi];
  if (lo <= 0) return linearEdges(lo, hi, buckets).map(Math.round);
  const out = [lo];
  for (let k = 1; k < buckets; k++) {
    const v = Math.round(lo * Math.pow(hi / lo, k / buckets));
    if (v > out[out.length - 1]! && v < hi) out.push(v);
  }
  out.push(hi);
  return out;
}

/** The edges of both histograms for an inventory extent (price in cents), on the sliders' steps. */
export function edgesFor(bounds: InventoryBounds): { carat: number[]; price: number[] } {
  if (!bounds) return { carat: [], price: [] };
  const caratLo = Number((Math.floor(bounds.carat.min / 0.01 + 1e-9) * 0.01).toFixed(2));
  const caratHi = Number((Math.ceil(bounds.carat.max / 0.01 - 1e-9) * 0.01).toFixed(2));
  // $10 steps: 1,000 cents.
  const priceLo = Math.floor(bounds.price.min / 1000) * 1000;
  const priceHi = Math.ceil(bounds.price.max / 1000) * 1000;
  return { carat: linearEdges(caratLo, caratHi), price: logEdges(priceLo, priceHi) };
}

/** The bucket of v: the last k with edges[k] ≤ v, within [0, buckets − 1] (the top edge is inclusive). */
export function bucketOf(edges: number[], v: number): number {
  let lo = 0;
  let hi = edges.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const columns = new WeakMap<object, { arena: Arena; edges: HistogramEdges }>();

type Indexed = { size: number; arena: Arena; bounds(): InventoryBounds; takeWritten(): number[] | null };

const sameEdges = (a: number[], b: number[]) => a.length === b.length && a.every((v, k) => v === b[k]);

/**
 * The histograms' edges for the index as it is now, its bucket columns brought in step: worked out for
 * every stone only when the edges move (the inventory's extent changed), the index cannot say which
 * slots it wrote, or its arena is new; otherwise only the slots written since the last call are coded
 * again, so a batch of changes costs its own size, not the index's. Dead stones' buckets are never read.
 */
export function histogramEdges(cols: Indexed): HistogramEdges {
  const bounds = cols.bounds();
  const edges = edgesFor(bounds);
  const written = cols.takeWritten();
  const cached = columns.get(cols);
  const { arena } = cols;
  const { carat, price, caratBucket, priceBucket } = arena;
  const code = (i: number) => {
    caratBucket[i] = bucketOf(edges.carat, carat[i]!);
    priceBucket[i] = bucketOf(edges.price, price[i]!);
  };
  if (!bounds) {
    columns.set(cols, { arena, edges });
    return edges;
  }
  if (cached && written && cached.arena === arena && sameEdges(cached.edges.carat, edges.carat) && sameEdges(cached.edges.price, edges.price)) {
    if (!written.length) return cached.edges;
    for (const i of written) code(i);
    const next = { carat: cached.edges.carat, price: cached.edges.price };
    columns.set(cols, { arena, edges: next });
    return next;
  }
  for (let i = 0; i < cols.size; i++) code(i);
  columns.set(cols, { arena, edges });
  return edges;
}
