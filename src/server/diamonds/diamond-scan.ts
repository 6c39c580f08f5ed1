/**
 * The search kernel: one pass over every stone computes each stone's failure mask (which filter groups
 * it fails) without a branch, stores its row (matches, fails only carat, fails only price, other: all a
 * page and the sliders' extents need, in a byte), and adds the stone to a histogram slot by that mask. From the
 * histograms come the total and every facet "with every other filter applied" (a stone that fails only
 * the shape filter still counts for the shape facet). Branch-free filtering because, over a million
 * stones in no useful order, a mispredicted branch per stone costs more than the work itself; the one
 * branch left skips the histograms for stones that fail two groups or more, which is most stones in a
 * narrow search and almost none in a broad one, so it predicts well (measured: 40% faster than
 * counting them into a discarded slot).
 *
 * The carat and price histograms (diamond-histogram.ts) cost one more increment a counted stone: its cell
 * of a carat × price grid, in the grid of its row (matches, fails only carat, fails only price, the rest;
 * one table lookup gives slot and row). The cell comes packed with the stone's A and B codes, so one
 * load reads all three: two separate histograms with a column of their own made the pass 10–15 % slower
 * at 1,000,000 stones (tests/bench/index-pass.bench.ts).
 *
 * The loop is generated per combination of range filters in use (at most 2⁵ × 2 variants, cached), so
 * an unused range costs nothing. The generated text is built only from the constant fragments below,
 * never from request input; bounds are passed in as numbers.
 */
import type { FacetKey, RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { FACET_KEYS, LIST_FILTERS } from '~/features/diamonds/diamond-query.ts';
import { A_LIVE, A_SIZE, B_SIZE, BIT, decodeA, decodeB, HIST_ROWS, PASS_OF, PASS_TRASH } from './diamond-codes.ts';
import { HIST_BUCKETS, HIST_CELLS } from './diamond-histogram.ts';

export interface Columns {
  size: number;
  A: Uint8Array;
  B: Uint16Array;
  C: Uint8Array;
  carat: Float64Array;
  price: Float64Array;
  depth: Float64Array;
  table: Float64Array;
  lw: Float64Array;
  /** Scratch: each stone's row from the last pass (diamond-codes.ts HIST_ROWS; searches run one at a time, synchronously). */
  M: Uint8Array;
}

export const RANGE_COLUMN: Record<RangeFilterKey, keyof Columns> = { carat: 'carat', price: 'price', depth: 'depth', table: 'table', lw_ratio: 'lw' };

export interface PassInput {
  tA: Uint16Array;
  tB: Uint16Array;
  tC: Uint16Array;
  useC: boolean;
  /** Inclusive bounds per range filter in use, in index units (price in cents). */
  ranges: [RangeFilterKey, number, number][];
  /** Per stone: A | B << 8 | histogram cell << 17 (diamond-histogram.ts HistogramColumn). */
  ABH: Uint32Array;
}

export interface PassOutput {
  /** Per slot (see SLOTS) and code: how many stones. */
  hA: Uint32Array;
  hB: Uint32Array;
  /** Per histogram row (see PASS_OF) and cell (priceBucket·HIST_BUCKETS + caratBucket): how many stones. */
  hH: Uint32Array;
}

type Kernel = (cols: Columns, tables: PassInput, lo: Float64Array, hi: Float64Array, passOf: Uint8Array, out: PassOutput) => void;
const kernels = new Map<string, Kernel>();

function kernelFor(ranges: RangeFilterKey[], useC: boolean): Kernel {
  const key = `${ranges.join(',')}|${useC}`;
  let kernel = kernels.get(key);
  if (kernel) return kernel;
  const prelude = ranges
    .map((r, j) => `const col${j} = cols.${RANGE_COLUMN[r]}, lo${j} = lo[${j}], hi${j} = hi[${j}];`)
    .join('\n');
  const checks = ranges.map((r, j) => `{ const v = col${j}[i]; m |= ((v < lo${j}) | (v > hi${j})) << ${BIT[r]}; }`).join('\n');
  const body = `
    const C = cols.C, M = cols.M, n = cols.size;
    const tA = t.tA, tB = t.tB, tC = t.tC, ABH = t.ABH, hA = out.hA, hB = out.hB, hH = out.hH;
    ${prelude}
    for (let i = 0; i < n; i++) {
      const x = ABH[i], a = x & 255, b = (x >>> 8) & 511;
      let m = tA[a] | tB[b]${useC ? ' | tC[C[i]]' : ''};
      ${checks}
      const v = passOf[m], row = v >> 4;
      M[i] = row;
      if (v !== ${PASS_TRASH}) {
        const s = v & 15;
        hA[s * ${A_SIZE} + a]++;
        hB[s * ${B_SIZE} + b]++;
        hH[row * ${HIST_CELLS} + (x >>> 17)]++;
      }
    }`;
  kernel = new Function('cols', 't', 'lo', 'hi', 'passOf', 'out', body) as Kernel;
  kernels.set(key, kernel);
  return kernel;
}

/** Runs the pass: fills cols.M (each stone's row) and returns the histograms. */
export function scan(cols: Columns, input: PassInput): PassOutput {
  const out: PassOutput = { hA: new Uint32Array(16 * A_SIZE), hB: new Uint32Array(16 * B_SIZE), hH: new Uint32Array(HIST_ROWS * HIST_CELLS) };
  const lo = Float64Array.from(input.ranges, (r) => r[1]);
  const hi = Float64Array.from(input.ranges, (r) => r[2]);
  kernelFor(
    input.ranges.map((r) => r[0]),
    input.useC,
  )(cols, input, lo, hi, PASS_OF, out);
  return out;
}

/**
 * Reads the histograms: the total (slot 0), each facet (slot 0 plus the stones that fail only that
 * facet's own filter), and how many stones qualify for the carat and price extremes.
 */
export function tally(hA: Uint32Array, hB: Uint32Array) {
  const facets = Object.fromEntries(FACET_KEYS.map((k) => [k, new Array<number>(LIST_FILTERS[k].length).fill(0)])) as Record<FacetKey, number[]>;
  const only = (key: keyof typeof BIT, size: number) => (BIT[key] + 1) * size;
  let total = 0;
  let caratSet = 0;
  let priceSet = 0;
  for (let a = 0; a < A_LIVE; a++) {
    const here = hA[a]!;
    const d = decodeA(a);
    total += here;
    caratSet += here + hA[only('carat', A_SIZE) + a]!;
    priceSet += here + hA[only('price', A_SIZE) + a]!;
    facets.shape[d.shape]! += here + hA[only('shape', A_SIZE) + a]!;
    facets.origin[d.origin]! += here + hA[only('origin', A_SIZE) + a]!;
    facets.lab[d.lab]! += here + hA[only('lab', A_SIZE) + a]!;
  }
  for (let b = 0; b < B_SIZE; b++) {
    const here = hB[b]!;
    const d = decodeB(b);
    facets.cut[d.cut]! += here + hB[only('cut', B_SIZE) + b]!;
    facets.color[d.color]! += here + hB[only('color', B_SIZE) + b]!;
    facets.clarity[d.clarity]! += here + hB[only('clarity', B_SIZE) + b]!;
  }
  return { total, facets, caratSet, priceSet };
}

/**
 * Reads the histograms: per carat bucket, the stones that pass every filter but the carat one (row 0
 * plus the carat-only row, summed over the price buckets), and the same for price. `buckets`: how many
 * each histogram has.
 */
export function tallyHistograms(hH: Uint32Array, buckets: { carat: number; price: number }) {
  const carat = new Array<number>(buckets.carat).fill(0);
  const price = new Array<number>(buckets.price).fill(0);
  for (let p = 0; p < buckets.price; p++) {
    for (let c = 0; c < buckets.carat; c++) {
      const cell = p * HIST_BUCKETS + c;
      const match = hH[cell]!;
      carat[c]! += match + hH[HIST_CELLS + cell]!;
      price[p]! += match + hH[2 * HIST_CELLS + cell]!;
    }
  }
  return { carat, price };
}

/**
 * The smallest and largest value of `column` among stones that pass every filter except its own: those
 * of row 0 or `row` (ROW_CARAT, ROW_PRICE). Broad sets: walk the column's sorted order from each end (a
 * few probes). Narrow sets: one pass.
 */
export function extremes(cols: Columns, column: Float64Array, order: Uint32Array, row: number, count: number): { min: number; max: number } | null {
  if (count === 0) return null;
  const M = cols.M;
  const out = (slot: number) => M[slot] !== 0 && M[slot] !== row;
  if (count * 64 >= cols.size) {
    let lo = 0;
    while (out(order[lo]!)) lo++;
    let hi = order.length - 1;
    while (out(order[hi]!)) hi--;
    return { min: column[order[lo]!]!, max: column[order[hi]!]! };
  }
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < cols.size; i++) {
    if (M[i] === 0 || M[i] === row) {
      const v = column[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { min, max };
}

/** The slots of one page of matching stones, walking `order` forwards (asc) or backwards (desc). */
export function pageOf(cols: Columns, order: Uint32Array, desc: boolean, offset: number, limit: number): number[] {
  const M = cols.M;
  const out: number[] = [];
  let seen = 0;
  const n = order.length;
  for (let j = 0; j < n && out.length < limit; j++) {
    const slot = order[desc ? n - 1 - j : j]!;
    if (M[slot] === 0) {
      if (seen >= offset) out.push(slot);
      seen++;
    }
  }
  return out;
}
