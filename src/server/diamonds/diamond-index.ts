/**
 * An in-memory columnar index of the diamond inventory: typed arrays, one slot per stone in id order
 * (about 75 bytes a stone, 75 MB for a million), and one pre-sorted permutation per sort key so that a
 * page is a walk along the sorted order. Sold, reserved and hidden stones keep their slot, marked dead,
 * so that a status change is one write. The database stays the only source of truth: the index is
 * built from it and kept in step by diamond-sync.ts.
 */
import type { DiamondSort, FacetKey, ListFilterKey, RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { DIAMOND_SORTS } from '~/features/diamonds/diamond-query.ts';
import { A_LIVE, BIT, encode, failureTables, type GradedStone } from './diamond-codes.ts';
import { extremes, pageOf, scan, tally, type Columns } from './diamond-scan.ts';
import { comparator, sortOrders } from './diamond-order.ts';

export interface IndexRow extends GradedStone {
  id: number;
  carat: number;
  price_cents: number;
  depth: number;
  table_pct: number;
  lw_ratio: number;
  status: string;
  is_hidden: number;
}

export interface IndexQuery {
  /** Per list filter in use: a bit set of the accepted grade numbers. */
  allowed: Partial<Record<ListFilterKey, number>>;
  /** Per range filter in use: inclusive bounds, price in cents. */
  ranges: Partial<Record<RangeFilterKey, [number, number]>>;
  sort: DiamondSort;
  desc: boolean;
  offset: number;
  limit: number;
}

export interface IndexResult {
  ids: number[];
  total: number;
  facets: Record<FacetKey, number[]>;
  carat: { min: number; max: number } | null;
  /** In cents. */
  price: { min: number; max: number } | null;
}

export type InventoryBounds = Record<RangeFilterKey, { min: number; max: number }> | null;

const RECENT = 64;

const isLive = (r: IndexRow) => r.status === 'available' && !Number(r.is_hidden);

export class DiamondIndex implements Columns {
  size = 0;
  ids: Uint32Array;
  A: Uint8Array;
  B: Uint16Array;
  C: Uint8Array;
  carat: Float64Array;
  price: Float64Array;
  depth: Float64Array;
  table: Float64Array;
  lw: Float64Array;
  M: Uint16Array;
  orders = {} as Record<DiamondSort, Uint32Array>;
  private cachedBounds: InventoryBounds | undefined;
  /** Recent answers (the default listing, a shape's first page…), dropped whenever a stone changes. */
  private recent = new Map<string, IndexResult>();

  constructor(capacity: number) {
    this.ids = new Uint32Array(capacity);
    this.A = new Uint8Array(capacity);
    this.B = new Uint16Array(capacity);
    this.C = new Uint8Array(capacity);
    this.carat = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.depth = new Float64Array(capacity);
    this.table = new Float64Array(capacity);
    this.lw = new Float64Array(capacity);
    this.M = new Uint16Array(capacity);
  }

  /** Appends a stone while building; rows must come in ascending id order. */
  add(row: IndexRow): void {
    if (this.size === this.ids.length) throw new Error('DiamondIndex: capacity exceeded');
    if (this.size > 0 && row.id <= this.ids[this.size - 1]!) throw new Error('DiamondIndex: rows must come in ascending id order');
    this.ids[this.size] = row.id;
    this.write(this.size++, row);
  }

  /** Sorts the permutations once every row is in. */
  seal(): this {
    this.orders = sortOrders(this);
    return this;
  }

  /** The live stones (what lists show). */
  get liveCount(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.A[i]! < A_LIVE) n++;
    return n;
  }

  /**
   * Brings one stone in step with its row (undefined: the row is gone). Answers false when the stone
   * is new to the index and live, which only a rebuild can place.
   */
  apply(id: number, row: IndexRow | undefined): boolean {
    const slot = this.slotOf(id);
    if (slot < 0) return !row || !isLive(row);
    this.cachedBounds = undefined;
    this.recent.clear();
    if (!row) {
      this.A[slot] = A_LIVE + (this.A[slot]! % A_LIVE);
      return true;
    }
    const codes = encode(row, isLive(row));
    const moves = !codes || row.price_cents !== this.price[slot] || row.carat !== this.carat[slot] || codes[1] !== this.B[slot];
    if (moves) for (const sort of DIAMOND_SORTS) this.remove(this.orders[sort], slot, sort);
    this.write(slot, row);
    if (moves) for (const sort of DIAMOND_SORTS) this.insert(this.orders[sort], slot, sort);
    return true;
  }

  /** The extent of every range over the live stones (price in cents); null when none is live. */
  bounds(): InventoryBounds {
    if (this.cachedBounds !== undefined) return this.cachedBounds;
    const columns = { carat: this.carat, price: this.price, depth: this.depth, table: this.table, lw_ratio: this.lw };
    const out = Object.fromEntries(Object.keys(columns).map((k) => [k, { min: Infinity, max: -Infinity }])) as Record<RangeFilterKey, { min: number; max: number }>;
    let live = 0;
    for (let i = 0; i < this.size; i++) {
      if (this.A[i]! >= A_LIVE) continue;
      live++;
      for (const [key, column] of Object.entries(columns) as [RangeFilterKey, Float64Array][]) {
        const v = column[i]!;
        const b = out[key];
        if (v < b.min) b.min = v;
        if (v > b.max) b.max = v;
      }
    }
    this.cachedBounds = live ? out : null;
    return this.cachedBounds;
  }

  search(q: IndexQuery): IndexResult {
    const key = JSON.stringify(q);
    const hit = this.recent.get(key);
    if (hit) return hit;
    const result = this.compute(q);
    if (this.recent.size >= RECENT) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(key, result);
    return result;
  }

  private compute(q: IndexQuery): IndexResult {
    const tables = failureTables(q.allowed);
    const ranges = (Object.entries(q.ranges) as [RangeFilterKey, [number, number]][]).map(([k, [lo, hi]]) => [k, lo, hi] as [RangeFilterKey, number, number]);
    const { hA, hB } = scan(this, { ...tables, ranges });
    const { total, facets, caratSet, priceSet } = tally(hA, hB);
    const slots = q.offset < total ? pageOf(this, this.orders[q.sort], q.desc, q.offset, q.limit) : [];
    return {
      ids: slots.map((s) => this.ids[s]!),
      total,
      facets,
      carat: extremes(this, this.carat, this.orders.carat, BIT.carat, caratSet),
      price: extremes(this, this.price, this.orders.price, BIT.price, priceSet),
    };
  }

  /** The slot of a stone id (binary search: slots are in id order), or -1. */
  slotOf(id: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private write(slot: number, row: IndexRow): void {
    const codes = encode(row, isLive(row));
    // A grade outside the vocabulary: kept as a dead stone of the first grades, never listed.
    const [a, b, c] = codes ?? [A_LIVE, this.B[slot] ?? 0, 0];
    this.A[slot] = a;
    this.B[slot] = b;
    this.C[slot] = c;
    this.carat[slot] = row.carat;
    this.price[slot] = row.price_cents;
    this.depth[slot] = row.depth;
    this.table[slot] = row.table_pct;
    this.lw[slot] = row.lw_ratio;
  }

  private position(order: Uint32Array, slot: number, sort: DiamondSort): number {
    const cmp = comparator(this, sort);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(order[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private remove(order: Uint32Array, slot: number, sort: DiamondSort): void {
    let at = this.position(order, slot, sort);
    // The order is total, so the search lands on the slot itself; the scan is a guard, not the path.
    if (order[at] !== slot) at = order.indexOf(slot);
    order.copyWithin(at, at + 1);
    order[order.length - 1] = slot; // parked at the end until insert() places it
  }

  private insert(order: Uint32Array, slot: number, sort: DiamondSort): void {
    const view = order.subarray(0, order.length - 1);
    const at = this.position(view, slot, sort);
    order.copyWithin(at + 1, at, order.length - 1);
    order[at] = slot;
  }
}
