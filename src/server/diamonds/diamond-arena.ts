/**
 * What the search pass reads, laid out for it in one WebAssembly memory (the kernels of
 * pass/diamond-pass.wat work on it in place): per stone slot,
 *   - a live bit (listed: available and not hidden), and one bit per grade of every list filter (53
 *     bitmaps: a stone has exactly one bit set among the bitmaps of each filter);
 *   - carat and price as doubles (exact: they are also the sort keys and the sliders' extents);
 *   - what the range filters compare, narrow (a quarter to half the bytes of a double to read), one
 *     column per range attribute as its entry in attributes.ts declares: carat, depth, table and
 *     length-to-width ratio as u16 codes, the value in hundredths, and price as a u32 code, in cents
 *     (exact for every such value; any other is kept exactly on the side, see NarrowColumn);
 *   - its carat and price histogram buckets (diamond-histogram.ts), a byte each;
 * and the pass's scratch bitmaps. About 39 bytes a stone. Bitmaps and columns have room for a whole
 * number of 128-stone blocks, so that the SIMD loops never read past them.
 *
 * The memory has a fixed capacity: the index makes a bigger arena and copies this one into it when it
 * outgrows it (DiamondIndex.reserve).
 */
import { LIST_FILTER_KEYS, LIST_FILTERS, type ListFilterKey } from '~/features/diamonds/diamond-query.ts';
import { RANGE_FILTER_KEYS, RANGE_LIST, type RangeFilterKey } from '~/features/diamonds/attributes.ts';
import { PASS_WASM } from './pass/diamond-pass.wasm.ts';
import { assertIndexLimits, BLOCK, HEAD, OUT_COUNTS, OUT_F64, SCRATCH } from './index-limits.ts';

export interface Kernels {
  and_to(dst: number, a: number, b: number, words: number): void;
  or_into(dst: number, src: number, words: number): void;
  and_into(dst: number, src: number, words: number): void;
  andnot_into(dst: number, src: number, words: number): void;
  popcnt_and(a: number, b: number, words: number): number;
  range_u16(dst: number, col: number, words: number, lo: number, hi: number): void;
  range_u32(dst: number, col: number, words: number, lo: number, hi: number): void;
  andnot_to(dst: number, a: number, b: number, words: number): void;
  popcnt_group(mask: number, first: number, stride: number, count: number, words: number, out: number): void;
  count_u8(bitmap: number, codes: number, words: number, out: number): void;
  minmax_f64(bitmap: number, col: number, words: number, out: number): void;
  minmax_u16(bitmap: number, col: number, words: number, out: number): void;
}

const passModule = new WebAssembly.Module(Uint8Array.from(atob(PASS_WASM), (c) => c.charCodeAt(0)));

// The index's fixed sizes, and the check that the declared filters fit them (it throws at start-up).
assertIndexLimits();
// Re-exported for the arena's users (diamond-scan.ts, diamond-index.ts, the pass's unit test).
export { OUT_COUNTS, OUT_F64 };

/** The first bitmap of each list filter's grades, in LIST_FILTER_KEYS order. */
export const GRADE_BASE = (() => {
  let at = 0;
  const base = {} as Record<ListFilterKey, number>;
  for (const key of LIST_FILTER_KEYS) {
    base[key] = at;
    at += LIST_FILTERS[key].length;
  }
  return base;
})();
export const GRADE_BITMAPS = LIST_FILTER_KEYS.reduce((n, key) => n + LIST_FILTERS[key].length, 0);

/** The u16 code that stands for "the exact value is on the side". */
export const EXCEPTION = 0xffff;

/** The code of a value: value·scale when that is a whole number below `exception` and exact. */
export function narrowCode(v: number, scale = 100, exception = EXCEPTION): number {
  const k = Math.round(v * scale);
  return k >= 0 && k < exception && k / scale === v ? k : exception;
}

/** Codes [lo, hi] of the values within [min, max] (inclusive) that have a code; lo > hi when none. */
export function narrowBounds(min: number, max: number, scale = 100, exception = EXCEPTION): [number, number] {
  let lo: number;
  if (!(min > 0)) lo = 0;
  else {
    lo = Math.min(exception, Math.ceil(min * scale));
    while (lo > 0 && (lo - 1) / scale >= min) lo--;
    while (lo < exception && lo / scale < min) lo++;
  }
  let hi: number;
  if (max >= (exception - 1) / scale) hi = exception - 1;
  else if (!(max >= 0)) hi = -1;
  else {
    hi = Math.floor(max * scale);
    while ((hi + 1) / scale <= max) hi++;
    while (hi >= 0 && hi / scale > max) hi--;
  }
  return [lo, hi];
}

/** A column of codes (narrowCode) and the exact values that have none, by slot. */
export class NarrowColumn {
  codes: Uint16Array | Uint32Array;
  readonly scale: number;
  readonly exception: number;
  exceptions = new Map<number, number>();

  constructor(codes: Uint16Array | Uint32Array, scale: number) {
    this.codes = codes;
    this.scale = scale;
    this.exception = codes.BYTES_PER_ELEMENT === 2 ? EXCEPTION : 0xffffffff;
  }

  get(slot: number): number {
    const k = this.codes[slot]!;
    return k === this.exception ? this.exceptions.get(slot)! : k / this.scale;
  }

  set(slot: number, v: number): void {
    const k = narrowCode(v, this.scale, this.exception);
    this.codes[slot] = k;
    if (k === this.exception) this.exceptions.set(slot, v);
    else this.exceptions.delete(slot);
  }

  /** Codes [lo, hi] of the coded values within [min, max]; lo > hi when none. */
  bounds(min: number, max: number): [number, number] {
    return narrowBounds(min, max, this.scale, this.exception);
  }
}

/** The u32 columns first, then the u16 ones, each in declaration order (attributes.ts): u32 columns stay aligned. */
const NARROW_LAYOUT = [...RANGE_LIST.filter((a) => a.index.bits === 32), ...RANGE_LIST.filter((a) => a.index.bits === 16)];

export class Arena {
  readonly capacity: number;
  /** 64-bit words of one bitmap. */
  readonly words: number;
  readonly memory: WebAssembly.Memory;
  readonly k: Kernels;
  /** The whole memory as 32-bit words, for reading and writing bits from JavaScript. */
  readonly u32: Uint32Array;
  readonly f64: Float64Array;
  /** Byte offsets of the bitmaps. */
  readonly live: number;
  private readonly scratch0: number;
  private readonly grades0: number;
  readonly carat: Float64Array;
  readonly price: Float64Array;
  /** One narrow column per range filter (attributes.ts). */
  readonly narrow: Record<RangeFilterKey, NarrowColumn>;
  readonly caratBucket: Uint8Array;
  readonly priceBucket: Uint8Array;

  constructor(capacity: number) {
    this.capacity = Math.max(BLOCK, Math.ceil(capacity / BLOCK) * BLOCK);
    const cap = this.capacity;
    this.words = cap / 64;
    const bitmap = cap / 8;
    this.live = HEAD;
    this.scratch0 = this.live + bitmap;
    this.grades0 = this.scratch0 + SCRATCH * bitmap;
    const carat = this.grades0 + GRADE_BITMAPS * bitmap;
    const price = carat + 8 * cap;
    const narrowAt = {} as Record<RangeFilterKey, number>;
    let at = price + 8 * cap;
    for (const a of NARROW_LAYOUT) {
      narrowAt[a.key] = at;
      at += (a.index.bits / 8) * cap;
    }
    const caratBucket = at;
    const priceBucket = caratBucket + cap;
    const end = priceBucket + cap;
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(end / 65536) });
    this.k = new WebAssembly.Instance(passModule, { env: { memory: this.memory } }).exports as unknown as Kernels;
    const buffer = this.memory.buffer;
    this.u32 = new Uint32Array(buffer);
    this.f64 = new Float64Array(buffer, 0, HEAD / 8);
    this.carat = new Float64Array(buffer, carat, cap);
    this.price = new Float64Array(buffer, price, cap);
    this.narrow = {} as Record<RangeFilterKey, NarrowColumn>;
    for (const a of RANGE_LIST) {
      const codes = a.index.bits === 32 ? new Uint32Array(buffer, narrowAt[a.key], cap) : new Uint16Array(buffer, narrowAt[a.key], cap);
      this.narrow[a.key] = new NarrowColumn(codes, a.index.scale);
    }
    this.caratBucket = new Uint8Array(buffer, caratBucket, cap);
    this.priceBucket = new Uint8Array(buffer, priceBucket, cap);
  }

  get byteLength(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * The smallest and largest value of a u16 column among the stones of a bitmap (the first `words`
   * words), the values kept on the side included: [Infinity, -Infinity] when there are none.
   */
  extent(key: RangeFilterKey, bitmap: number, words: number): [number, number] {
    const column = this.narrow[key];
    if (column.codes.BYTES_PER_ELEMENT !== Uint16Array.BYTES_PER_ELEMENT) throw new Error(`extent() reads u16 columns, and ${key}'s is not`);
    this.k.minmax_u16(bitmap, column.codes.byteOffset, words, OUT_F64);
    const [lo, hi] = [this.u32[OUT_F64 >> 2]!, this.u32[(OUT_F64 >> 2) + 1]! | 0];
    let min = lo === EXCEPTION ? Infinity : lo / column.scale;
    let max = hi < 0 ? -Infinity : hi / column.scale;
    for (const [slot, v] of column.exceptions) {
      if (slot >= words * 64 || !this.bit(bitmap, slot)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return [min, max];
  }

  /** Byte offset of scratch bitmap i. */
  scratch(i: number): number {
    return this.scratch0 + i * (this.capacity / 8);
  }

  /** Byte offset of the bitmap of grade `n` of a list filter. */
  grade(key: ListFilterKey, n: number): number {
    return this.gradeBitmap(GRADE_BASE[key] + n);
  }

  /** Byte offset of grade bitmap `g` (GRADE_BASE[key] + grade number). */
  gradeBitmap(g: number): number {
    return this.grades0 + g * (this.capacity / 8);
  }

  /** Byte offset of the column of carat or price doubles. */
  column(key: 'carat' | 'price'): number {
    return this[key].byteOffset;
  }

  setBit(bitmap: number, slot: number, on: boolean): void {
    const at = (bitmap >> 2) + (slot >>> 5);
    const bit = 1 << (slot & 31);
    this.u32[at] = on ? this.u32[at]! | bit : this.u32[at]! & ~bit;
  }

  bit(bitmap: number, slot: number): boolean {
    return ((this.u32[(bitmap >> 2) + (slot >>> 5)]! >>> (slot & 31)) & 1) === 1;
  }

  /** Clears the first `words` 64-bit words of a bitmap. */
  clear(bitmap: number, words = this.words): void {
    this.u32.fill(0, bitmap >> 2, (bitmap >> 2) + words * 2);
  }

  copy(dst: number, src: number, words = this.words): void {
    this.u32.copyWithin(dst >> 2, src >> 2, (src >> 2) + words * 2);
  }

  /** This arena's contents, into a bigger one. */
  copyInto(next: Arena): void {
    const bytes = this.capacity / 8;
    const from = new Uint8Array(this.memory.buffer);
    const to = new Uint8Array(next.memory.buffer);
    to.set(from.subarray(this.live, this.live + bytes), next.live);
    for (let g = 0; g < GRADE_BITMAPS; g++) {
      const a = this.grades0 + g * bytes;
      const b = next.grades0 + g * (next.capacity / 8);
      to.set(from.subarray(a, a + bytes), b);
    }
    next.carat.set(this.carat);
    next.price.set(this.price);
    for (const key of RANGE_FILTER_KEYS) {
      next.narrow[key].codes.set(this.narrow[key].codes);
      next.narrow[key].exceptions = this.narrow[key].exceptions;
    }
    next.caratBucket.set(this.caratBucket);
    next.priceBucket.set(this.priceBucket);
  }
}
