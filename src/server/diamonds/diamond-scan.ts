/**
 * The search pass, over bitmaps (diamond-arena.ts): one bit a stone, 64 stones a word, worked by the
 * WebAssembly kernels of pass/diamond-pass.wat.
 *
 * 1. Each filter in use becomes a bitmap of the stones that pass it: a list filter by OR-ing the
 *    bitmaps of its accepted grades (or clearing those of its refused ones from the live bitmap, when
 *    fewer), a range filter by one SIMD compare over its column (doubles for carat and price, u16 codes
 *    for the others, the few exact values without a code set one by one).
 * 2. The matches are the live bitmap AND every filter's; each facet counts, per grade, the stones of the
 *    grade's bitmap AND every other filter's (a population count per grade: the facet "with every other
 *    filter applied"); the carat and price sliders' sets are the stones passing every filter but their
 *    own, and their histograms count those sets' bucket codes.
 * 3. A page walks the sort order testing the matches' bits; the sliders' extents walk their sorted
 *    order from each end (broad sets) or take the smallest and largest of the set (narrow ones).
 *
 * Its measurements against the row-by-row pass it replaced: docs/performance.md. The bitmaps a pass makes
 * live in the arena's scratch space until the next pass: searches run one at a time, synchronously. The
 * index's fixed sizes, and the start-up check that the declared filters fit them: index-limits.ts.
 */
import type { FacetKey, ListFilterKey, RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { FACET_KEYS, LIST_FILTER_KEYS, LIST_FILTERS } from '~/features/diamonds/diamond-query.ts';
import type { Arena } from './diamond-arena.ts';
import { BITS_PER_BYTE, BLOCK, BYTE_VALUES, OUT_COUNTS, OUT_F64, U32_BYTES, U32_MASK, U32_SHIFT, WORD_BITS } from './index-limits.ts';
import type { HistogramEdges } from './diamond-histogram.ts';

/** What the sort orders read of the index (diamond-order.ts). */
export interface Columns {
  size: number;
  B: Uint16Array;
  carat: Float64Array;
  price: Float64Array;
}

export interface PassInput {
  /** Per list filter in use: a bit set of the accepted grade numbers. */
  allowed: Partial<Record<ListFilterKey, number>>;
  /** Inclusive bounds per range filter in use, in index units (price in cents). */
  ranges: [RangeFilterKey, number, number][];
  /** The carat and price histograms' edges (none: not counted), where the pass keeps the live stones' counts. */
  histograms: HistogramEdges;
}

export interface PassOutput {
  total: number;
  facets: Record<FacetKey, number[]>;
  /** Bitmaps (byte offsets in the arena, valid until the next pass): the matches, and the stones passing every filter but carat, but price. */
  matches: number;
  caratSet: number;
  priceSet: number;
  caratCount: number;
  priceCount: number;
  histograms: { carat: number[]; price: number[] };
}

const popcount = (x: number) => {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
};

/** 64-bit words that cover `size` stones, in whole blocks (BLOCK stones). */
export const wordsFor = (size: number) => Math.ceil(size / BLOCK) * (BLOCK / WORD_BITS);
/** A byte offset in the arena as an index into its Uint32Array view. */
const u32At = (byteOffset: number) => byteOffset / U32_BYTES;
/** All grades of a list filter of n grades, as a bit set (n ≤ MAX_GRADES: index-limits.ts). */
const allGrades = (n: number) => (1 << n) - 1;

/** Runs the pass over the first `size` slots of the arena. */
export function scan(arena: Arena, size: number, input: PassInput): PassOutput {
  const { k } = arena;
  const words = wordsFor(size);
  let free = 0;
  const take = () => arena.scratch(free++);
  const groups: { key: ListFilterKey | RangeFilterKey; bitmap: number }[] = [];

  for (const key of LIST_FILTER_KEYS) {
    const bits = input.allowed[key];
    if (bits === undefined) continue;
    const n = LIST_FILTERS[key].length;
    const yes = bits & allGrades(n);
    // Every grade accepted: the filter refuses no stone, and so changes no count.
    if (yes === allGrades(n)) continue;
    const bitmap = take();
    if (popcount(yes) <= n / 2) {
      arena.clear(bitmap, words);
      for (let v = 0; v < n; v++) if ((yes >> v) & 1) k.or_into(bitmap, arena.grade(key, v), words);
    } else {
      arena.copy(bitmap, arena.live, words);
      for (let v = 0; v < n; v++) if (!((yes >> v) & 1)) k.andnot_into(bitmap, arena.grade(key, v), words);
    }
    groups.push({ key, bitmap });
  }
  for (const [key, lo, hi] of input.ranges) {
    const bitmap = take();
    const column = arena.narrow[key];
    const [a, b] = column.bounds(lo, hi);
    if (a > b) arena.clear(bitmap, words);
    else if (column.codes.BYTES_PER_ELEMENT === Uint16Array.BYTES_PER_ELEMENT) k.range_u16(bitmap, column.codes.byteOffset, words, a, b);
    else k.range_u32(bitmap, column.codes.byteOffset, words, a, b);
    // Values kept on the side: a stone fails when below or above the bounds, as everywhere.
    for (const [slot, v] of column.exceptions) if (slot < size) arena.setBit(bitmap, slot, !(v < lo || v > hi));
    groups.push({ key, bitmap });
  }

  const matches = take();
  arena.copy(matches, arena.live, words);
  for (const g of groups) k.and_into(matches, g.bitmap, words);
  /** The stones that pass every filter but group j's, into `into`. */
  const others = (j: number, into: number) => {
    if (groups.length === 1) arena.copy(into, arena.live, words);
    else {
      let first = true;
      for (let i = 0; i < groups.length; i++) {
        if (i === j) continue;
        if (first) k.and_to(into, arena.live, groups[i]!.bitmap, words);
        else k.and_into(into, groups[i]!.bitmap, words);
        first = false;
      }
    }
    return into;
  };
  const setFor = (key: ListFilterKey | RangeFilterKey, into: number) => {
    const j = groups.findIndex((g) => g.key === key);
    return j < 0 ? matches : others(j, into);
  };

  const spare = take();
  const facets = {} as Record<FacetKey, number[]>;
  for (const key of FACET_KEYS) {
    const set = setFor(key, spare);
    const n = LIST_FILTERS[key].length;
    k.popcnt_group(set, arena.grade(key, 0), arena.capacity / BITS_PER_BYTE, n, words, OUT_COUNTS);
    facets[key] = Array.from(arena.u32.subarray(u32At(OUT_COUNTS), u32At(OUT_COUNTS) + n));
  }
  const caratSet = setFor('carat', take());
  const priceSet = setFor('price', take());
  const caratCount = k.popcnt_and(caratSet, caratSet, words);
  const priceCount = k.popcnt_and(priceSet, priceSet, words);
  const at = u32At(OUT_COUNTS);
  /** The bucket codes of the stones of a bitmap, counted (one increment a stone). */
  const count = (set: number, codes: Uint8Array) => {
    arena.u32.fill(0, at, at + BYTE_VALUES);
    k.count_u8(set, codes.byteOffset, words, OUT_COUNTS);
    return arena.u32.slice(at, at + BYTE_VALUES);
  };
  const hist = input.histograms;
  const liveCount = k.popcnt_and(arena.live, arena.live, words);
  /**
   * A histogram of a set: its stones counted, or (more than half the live stones) the live stones'
   * counts less those of the live stones outside it, so that a broad search counts few stones too.
   */
  const counted = (set: number, n: number, key: 'carat' | 'price') => {
    const buckets = Math.max(0, hist[key].length - 1);
    if (!buckets) return [];
    const codes = key === 'carat' ? arena.caratBucket : arena.priceBucket;
    if (n * 2 <= liveCount) return Array.from(count(set, codes).subarray(0, buckets));
    hist.live ??= { carat: count(arena.live, arena.caratBucket), price: count(arena.live, arena.priceBucket) };
    k.andnot_to(spare, arena.live, set, words);
    const outside = count(spare, codes);
    return Array.from({ length: buckets }, (_, b) => hist.live![key][b]! - outside[b]!);
  };
  return {
    total: k.popcnt_and(matches, matches, words),
    facets,
    matches,
    caratSet,
    priceSet,
    caratCount,
    priceCount,
    histograms: { carat: counted(caratSet, caratCount, 'carat'), price: counted(priceSet, priceCount, 'price') },
  };
}

/**
 * The smallest and largest value of `column` among the stones of bitmap `set` (`count` of them). Broad
 * sets: walk the column's sorted order from each end (a few probes). Narrow sets: a pass over the set.
 */
export function extremes(
  arena: Arena,
  size: number,
  column: Float64Array,
  order: Uint32Array,
  set: number,
  count: number,
): { min: number; max: number } | null {
  if (count === 0) return null;
  // Broad: at least one stone in WORD_BITS of the index.
  if (count * WORD_BITS >= size) {
    let lo = 0;
    while (!arena.bit(set, order[lo]!)) lo++;
    let hi = order.length - 1;
    while (!arena.bit(set, order[hi]!)) hi--;
    return { min: column[order[lo]!]!, max: column[order[hi]!]! };
  }
  arena.k.minmax_f64(set, column.byteOffset, wordsFor(size), OUT_F64);
  const at = OUT_F64 / Float64Array.BYTES_PER_ELEMENT;
  return { min: arena.f64[at]!, max: arena.f64[at + 1]! };
}

/**
 * The slots of one page of the stones of bitmap `set`, walking `order` forwards (asc) or backwards (desc)
 * within [from, to) (diamond-order.ts sortedSpan: no stone of the set lies outside it).
 */
export function pageOf(arena: Arena, set: number, order: Uint32Array, desc: boolean, offset: number, limit: number, from = 0, to = order.length): number[] {
  const u32 = arena.u32;
  const base = u32At(set);
  const out: number[] = [];
  let seen = 0;
  const n = to - from;
  for (let j = 0; j < n && out.length < limit; j++) {
    const slot = order[desc ? to - 1 - j : from + j]!;
    if ((u32[base + (slot >>> U32_SHIFT)]! >>> (slot & U32_MASK)) & 1) {
      if (seen >= offset) out.push(slot);
      seen++;
    }
  }
  return out;
}
