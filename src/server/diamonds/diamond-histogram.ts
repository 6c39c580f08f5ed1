/**
 * The carat and price histograms of a search: how many stones fall in each of about 40 buckets along
 * the slider's scale (linear for carat, logarithmic for price), each counted with every other filter
 * applied, as the facets are.
 *
 * The edges span the live inventory's extent, rounded outwards to the slider's step (0.01 ct, $10),
 * exactly as the listing's sliders do, so the bars line up with the track. They depend on the inventory
 * only: the same for every search until a change moves the extent.
 *
 * The counting happens in the search pass itself (diamond-scan.ts): each stone carries one small code,
 * its cell of a carat × price grid (priceBucket·HIST_BUCKETS + caratBucket), packed with its A and B grade
 * codes so that one load reads all three, and the pass adds it to that cell in one of three grids (every filter
 * passed, all but carat, all but price; diamond-codes.ts PASS_OF): one increment a stone beside the grade
 * histograms, where two (a carat and a price histogram) cost the pass 10 % more at 1,000,000 stones. The
 * carat and price counts are the grids' sums.
 * The code column is worked out here, once per state of the inventory (the index's bounds object is new
 * after every change), not per search.
 */
import { A_LIVE } from './diamond-codes.ts';
import type { InventoryBounds } from './diamond-index.ts';
import type { Columns } from './diamond-scan.ts';

export const HIST_BUCKETS = 40;
/** Cells of the carat × price histogram a search counts into: one per pair of buckets. */
export const HIST_CELLS = HIST_BUCKETS * HIST_BUCKETS;

export interface HistogramColumn {
  /**
   * Per slot, what the search pass reads of a stone in one load: its A code (diamond-codes.ts) in bits
   * 0–7, its B code in bits 8–16 and its histogram cell, priceBucket·HIST_BUCKETS + caratBucket, in bits
   * 17–27.
   */
  codes: Uint32Array;
  /** Bucket edges, ascending, one more than the buckets (empty when no stone is live). Price in cents. */
  carat: number[];
  price: number[];
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
export function histogramEdges(bounds: InventoryBounds): { carat: number[]; price: number[] } {
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

const columns = new WeakMap<object, HistogramColumn>();

type Indexed = Columns & { bounds(): InventoryBounds; takeWritten(): number[] | null };

const sameEdges = (a: number[], b: number[]) => a.length === b.length && a.every((v, k) => v === b[k]);

/**
 * The code column for the index as it is now (the A and B codes included: every slot the index wrote or
 * hid is coded again). Worked out for every stone only when the edges move (the
 * inventory's extent changed) or the index cannot say which slots it wrote; otherwise only the slots
 * written since the last call are coded again, so a batch of changes costs its own size, not the index's.
 */
export function histogramColumn(cols: Indexed): HistogramColumn {
  const bounds = cols.bounds();
  const edges = histogramEdges(bounds);
  const written = cols.takeWritten();
  const cached = columns.get(cols);
  const { A, B, carat, price } = cols;
  // Dead stones never reach a counted slot: their cell is left as it was, only their A and B codes follow.
  const cell = (i: number) => bucketOf(edges.price, price[i]!) * HIST_BUCKETS + bucketOf(edges.carat, carat[i]!);
  const code = (i: number, old: number) => (A[i]! < A_LIVE ? cell(i) * 131072 : old - (old & 0x1ffff)) + B[i]! * 256 + A[i]!;
  if (cached && written && bounds && sameEdges(cached.carat, edges.carat) && sameEdges(cached.price, edges.price)) {
    let column = cached;
    let need = cols.size;
    for (const i of written) if (i >= need) need = i + 1;
    if (column.codes.length < need) {
      const codes = new Uint32Array(Math.ceil(need * 1.25));
      codes.set(column.codes);
      column = { ...column, codes };
      columns.set(cols, column);
    }
    for (const i of written) column.codes[i] = code(i, column.codes[i]!);
    return column;
  }
  const codes = new Uint32Array(Math.ceil(cols.size * 1.25));
  for (let i = 0; i < cols.size; i++) codes[i] = bounds ? code(i, 0) : B[i]! * 256 + A[i]!;
  const column = { codes, ...edges };
  columns.set(cols, column);
  return column;
}
