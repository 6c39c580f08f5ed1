/**
 * An in-memory columnar index of the diamond inventory: typed arrays, one slot per stone in id order
 * (about 71 bytes a stone: ids and grade codes here, the bitmaps and columns the search pass reads in
 * its arena, diamond-arena.ts), and one pre-sorted permutation per sort key so that a page is a walk
 * along the sorted order. Sold, reserved and hidden stones keep their slot, marked dead,
 * so that a status change is one write. The database stays the only source of truth: the index is
 * built from it and kept in step by diamond-sync.ts.
 *
 * Changes come in batches (applyBatch), in place: a new stone is appended to the columns (growing
 * them when full), a changed one is rewritten in its slot, and every sort order is remade by merging
 * the batch's stones, sorted on their own, into the order without them (diamond-order.ts mergeSteps):
 * k·log k for the batch plus one copy of each order, where re-sorting everything would take seconds.
 * A big batch can be staged instead (stage, then its steps with searches in between, then commit), so
 * that no search waits for more than a few milliseconds of merging (diamond-sync.ts runs steps for 5 ms
 * at a time).
 * New stones normally have the highest ids, so slots stay in id order; one that does not is found
 * through a small map.
 */
import type { DiamondSort, FacetKey, ListFilterKey, RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { DIAMOND_SORTS } from '~/features/diamonds/diamond-query.ts';
import { A_LIVE, CODE_WORDS, codeArray, decode, encode, WORD_DIGITS, WORD_SIZE, type GradedStone } from './diamond-codes.ts';
import { RANGE_FILTER_KEYS, RANGE_LIST, type RangeColumn } from '~/features/diamonds/attributes.ts';
import { Arena, GRADE_BASE, OUT_F64 } from './diamond-arena.ts';
import { extremes, pageOf, scan, wordsFor, type Columns } from './diamond-scan.ts';
import { histogramEdges } from './diamond-histogram.ts';
import { comparator, mergeSteps, sortedSpan, sortOrders, sortOrdersAsync, type Run } from './diamond-order.ts';

/** A stone as the index reads it: its grades, every range attribute's column (attributes.ts), its status. */
export type IndexRow = GradedStone & { [C in RangeColumn]: number } & {
  id: number;
  status: string;
  is_hidden: number;
};

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
  /** Stones per bucket between consecutive edges, every other filter applied (diamond-histogram.ts); price edges in cents. */
  histograms: Record<'carat' | 'price', { edges: number[]; counts: number[] }>;
}

/** A batch made ready to go in (DiamondIndex.stage), while searches go on with the index as it was. */
export interface StagedBatch {
  /** The index it was staged on: commit() refuses it if anything but delist() changed the index since. */
  readonly version: number;
  readonly size: number;
  /** Stones that keep their place in every order (only other fields change). */
  writes: { slot: number; row: IndexRow }[];
  /** Stones whose price, carat or grades change: placed again in every order. */
  moving: { slot: number; row: IndexRow }[];
  /** New stones, in id order: they take the slots after the last. */
  added: IndexRow[];
  /** Slots of stones whose rows are gone. */
  gone: number[];
  /** The new orders, once the steps have run. */
  orders: Record<DiamondSort, Uint32Array> | undefined;
  steps: Generator<void>;
}

/** The whole array that `order` is a view of, its room beyond the order's length included. */
const whole = (order: Uint32Array) => (order.length === order.buffer.byteLength / 4 ? order : new Uint32Array(order.buffer));

export type InventoryBounds = Record<RangeFilterKey, { min: number; max: number }> | null;

const RECENT = 64;
/** Written slots remembered for takeWritten(); past this, everything is derived again. */
const WRITTEN_MAX = 1 << 18;
/** A batch with more moving stones than this remakes each order in one merge instead of one move each. */
const MOVES_IN_PLACE = 8;

export const isLive = (r: IndexRow) => r.status === 'available' && !Number(r.is_hidden);

/** Per code of each word, the grade bitmaps (diamond-arena.ts GRADE_BASE + grade number) its grades set, `per` a code. */
const BITMAPS = Object.fromEntries(
  CODE_WORDS.map((word) => {
    const per = WORD_DIGITS[word].length;
    const table = new Uint16Array(WORD_SIZE[word] * per);
    for (let code = 0; code < WORD_SIZE[word]; code++) {
      Object.entries(decode(word, code)).forEach(([key, n], j) => (table[code * per + j] = GRADE_BASE[key as ListFilterKey] + n!));
    }
    return [word, { per, table }];
  }),
) as Record<(typeof CODE_WORDS)[number], { per: number; table: Uint16Array }>;

export class DiamondIndex implements Columns {
  size = 0;
  ids: Uint32Array;
  /** The grade codes (diamond-codes.ts): A with the listed flag, B the sort keys; bytes or 16 bits as their words need. */
  A: Uint8Array | Uint16Array;
  B: Uint16Array;
  C: Uint8Array | Uint16Array;
  /** What the search pass reads: bitmaps and columns (carat and price are its views). */
  arena: Arena;
  carat: Float64Array;
  price: Float64Array;
  orders = {} as Record<DiamondSort, Uint32Array>;
  /** Orders replaced by the last commit, whole (their room included), for the next merge to write into. */
  private spare: Partial<Record<DiamondSort, Uint32Array>> = {};
  /** Slots [0, ordered) hold ascending ids (binary search); later slots out of id order are in `unordered`. */
  private ordered = 0;
  private unordered = new Map<number, number>();
  /** Slots written or hidden since takeWritten() (writtenAll: not tracked, or more than WRITTEN_MAX). */
  private written: number[] = [];
  private writtenAll = true;
  /** Counts the changes to the orders and slots (not delistings): what a staged batch was made on. */
  private version = 0;
  private cachedBounds: InventoryBounds | undefined;
  /** Recent answers (the default listing, a shape's first page…), dropped whenever a stone changes. */
  private recent = new Map<string, IndexResult>();

  constructor(capacity: number) {
    this.ids = new Uint32Array(capacity);
    this.A = new (codeArray('A'))(capacity);
    this.B = new Uint16Array(capacity);
    this.C = new (codeArray('C'))(capacity);
    this.arena = new Arena(capacity);
    this.carat = this.arena.carat;
    this.price = this.arena.price;
  }

  /** Appends a stone while building; rows must come in ascending id order. */
  add(row: IndexRow): void {
    if (this.size > 0 && row.id <= this.ids[this.size - 1]!) throw new Error('DiamondIndex: rows must come in ascending id order');
    this.reserve(1);
    this.ids[this.size] = row.id;
    this.write(this.size++, row);
    this.ordered = this.size;
  }

  /** Sorts the permutations once every row is in. */
  seal(): this {
    this.orders = sortOrders(this);
    return this;
  }

  /** The same, giving way to searches between the orders (`pause` resolves when they have run). */
  async sealAsync(pause: () => Promise<void>): Promise<this> {
    this.orders = await sortOrdersAsync(this, pause);
    return this;
  }

  /** Room for `more` stones past the current ones: every column grows by half at least, copied once. */
  reserve(more: number): void {
    const needed = this.size + more;
    if (needed <= this.ids.length) return;
    const capacity = Math.max(needed, Math.ceil(this.ids.length * 1.5), 1024);
    for (const key of ['ids', 'A', 'B', 'C'] as const) {
      const old = this[key];
      const next = new (old.constructor as new (n: number) => typeof old)(capacity);
      next.set(old as never);
      (this as Record<typeof key, typeof old>)[key] = next;
    }
    const arena = new Arena(capacity);
    this.arena.copyInto(arena);
    this.arena = arena;
    this.carat = arena.carat;
    this.price = arena.price;
  }

  /**
   * Bytes held by the columns, the arena and the sort orders (their capacity, spare room and spare orders
   * included), and the exact values kept beside the narrow columns (about 64 bytes each in their maps).
   */
  get byteLength(): number {
    const columns = [this.ids, this.A, this.B, this.C, ...Object.values(this.orders), ...Object.values(this.spare)];
    const exceptions = Object.values(this.arena.narrow).reduce((n, c) => n + c.exceptions.size * 64, 0);
    return columns.reduce((n, a) => n + a.buffer.byteLength, 0) + this.arena.byteLength + exceptions;
  }

  /** Lets go of the spare orders (after a run of batches): an idle index holds one copy of each order. */
  releaseSpare(): void {
    this.spare = {};
  }

  /** The live stones (what lists show). */
  get liveCount(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.A[i]! < A_LIVE) n++;
    return n;
  }

  /** Hides a stone that is no longer listed (sold, reserved, hidden or gone): one write, no reordering. */
  delist(id: number): void {
    const slot = this.slotOf(id);
    if (slot < 0 || this.A[slot]! >= A_LIVE) return;
    this.hide(slot);
    this.changed();
  }

  /** Marks a stone dead; noted as written, since the histogram column carries the A code (diamond-histogram.ts). */
  private hide(slot: number): void {
    if (this.A[slot]! < A_LIVE) {
      this.A[slot] = A_LIVE + this.A[slot]!;
      this.arena.setBit(this.arena.live, slot, false);
      this.noteWritten(slot);
    }
  }

  /**
   * Brings every stone of the batch in step with its row (undefined: the row is gone), at once: nothing
   * else runs until the batch is in, so a search never sees half of it. Ids must not repeat. A few
   * stones are moved within each order; more are merged (stage, its steps, commit).
   */
  applyBatch(batch: Iterable<readonly [number, IndexRow | undefined]>): void {
    const staged = this.stage(batch);
    if (!staged.added.length && staged.moving.length <= MOVES_IN_PLACE) {
      this.writeStaged(staged, () => false);
      for (const { slot, row } of staged.moving) {
        for (const sort of DIAMOND_SORTS) this.remove(this.orders[sort], slot, sort);
        this.write(slot, row);
        for (const sort of DIAMOND_SORTS) this.insert(this.orders[sort], slot, sort);
      }
      this.version++;
      this.changed();
      return;
    }
    for (const _ of staged.steps);
    this.commit(staged);
    this.releaseSpare();
  }

  /**
   * A batch made ready without changing anything searches see: run its `steps` (each a millisecond or
   * so of work; searches may run in between), then `commit` it. Meanwhile only delist() may change the
   * index; anything else makes commit() refuse the batch.
   */
  stage(batch: Iterable<readonly [number, IndexRow | undefined]>): StagedBatch {
    const staged: StagedBatch = { version: this.version, size: this.size, writes: [], moving: [], added: [], gone: [], orders: undefined, steps: undefined! };
    for (const [id, row] of batch) {
      const slot = this.slotOf(id);
      if (slot < 0) {
        // A stone the index never listed and that is not listed now needs no slot.
        if (row && isLive(row) && encode(row, true)) staged.added.push(row);
      } else if (!row) staged.gone.push(slot);
      else {
        const codes = encode(row, isLive(row));
        const b = codes ? codes[1] : this.B[slot]!;
        const moves = row.price_cents !== this.price[slot] || row.carat !== this.carat[slot] || b !== this.B[slot];
        (moves ? staged.moving : staged.writes).push({ slot, row });
      }
    }
    staged.added.sort((x, y) => x.id - y.id);
    // New stones are written now, after the last slot, where no search looks until commit() counts them.
    this.reserve(staged.added.length);
    staged.added.forEach((row, j) => this.write(this.size + j, row));
    staged.steps = this.mergeAll(staged);
    return staged;
  }

  /**
   * Puts a staged batch in, at once: its rows into the columns and its new orders in place of the old.
   * `hidden(id)`: stones to keep hidden whatever their staged row says (the change log named them
   * unlisted after their rows were read). False when the index changed meanwhile (nothing is written;
   * stage the batch again).
   */
  commit(staged: StagedBatch, hidden: (id: number) => boolean = () => false): boolean {
    if (staged.version !== this.version || staged.size !== this.size || !staged.orders) return false;
    this.writeStaged(staged, hidden);
    for (const row of staged.added) {
      const slot = this.append(row);
      if (hidden(row.id)) this.hide(slot);
    }
    for (const { slot, row } of staged.moving) {
      this.write(slot, row);
      if (hidden(row.id)) this.hide(slot);
    }
    // The orders replaced are read by nothing now (a search runs at once, between the steps of a
    // merge): the next batch merges into them instead of new arrays.
    for (const sort of DIAMOND_SORTS) this.spare[sort] = whole(this.orders[sort]);
    this.orders = staged.orders;
    this.version++;
    this.changed();
    return true;
  }

  private writeStaged(staged: StagedBatch, hidden: (id: number) => boolean): void {
    for (const slot of staged.gone) this.hide(slot);
    for (const { slot, row } of staged.writes) {
      this.write(slot, row);
      if (hidden(row.id)) this.hide(slot);
    }
  }

  private *mergeAll(staged: StagedBatch): Generator<void> {
    const { moving, added } = staged;
    const n = moving.length + added.length;
    const run: Run = { slots: new Uint32Array(n), ids: new Uint32Array(n), price: new Float64Array(n), carat: new Float64Array(n), B: new Uint16Array(n) };
    const drop = moving.length ? new Uint8Array(this.size) : undefined;
    const put = (r: number, slot: number, row: IndexRow) => {
      run.slots[r] = slot;
      run.ids[r] = row.id;
      run.price[r] = row.price_cents;
      run.carat[r] = row.carat;
      const codes = encode(row, isLive(row));
      run.B[r] = codes ? codes[1] : (this.B[slot] ?? 0);
    };
    moving.forEach(({ slot, row }, r) => {
      drop![slot] = 1;
      put(r, slot, row);
    });
    // New stones take the slots after the last, in id order, when the batch is committed.
    added.forEach((row, j) => put(moving.length + j, staged.size + j, row));
    const orders = {} as Record<DiamondSort, Uint32Array>;
    for (const sort of DIAMOND_SORTS) {
      const into = this.spare[sort];
      delete this.spare[sort];
      orders[sort] = yield* mergeSteps(this, sort, this.orders[sort], run, drop, moving.length, into);
    }
    staged.orders = orders;
  }

  /**
   * The extent of every range over the live stones (price in cents); null when none is live. Carat and
   * price from each end of their sorted orders, the others by a kernel over the live bitmap.
   */
  bounds(): InventoryBounds {
    if (this.cachedBounds !== undefined) return this.cachedBounds;
    const { arena } = this;
    const words = wordsFor(this.size);
    const live = arena.live;
    if (!arena.k.popcnt_and(live, live, words)) return (this.cachedBounds = null);
    const extent = (key: 'carat' | 'price') => {
      const order = this.orders[key];
      // Orders are whole except while a few stones are moved one by one (applyBatch), when nothing searches.
      if (order?.length !== this.size) {
        arena.k.minmax_f64(live, arena.column(key), words, OUT_F64);
        return { min: arena.f64[OUT_F64 / 8]!, max: arena.f64[OUT_F64 / 8 + 1]! };
      }
      let lo = 0;
      while (!arena.bit(live, order[lo]!)) lo++;
      let hi = order.length - 1;
      while (!arena.bit(live, order[hi]!)) hi--;
      return { min: this[key][order[lo]!]!, max: this[key][order[hi]!]! };
    };
    const narrow = (key: RangeFilterKey) => {
      const [min, max] = arena.extent(key, live, words);
      return { min, max };
    };
    const bounds = {} as Record<RangeFilterKey, { min: number; max: number }>;
    for (const key of RANGE_FILTER_KEYS) bounds[key] = key === 'carat' || key === 'price' ? extent(key) : narrow(key);
    this.cachedBounds = bounds;
    return this.cachedBounds;
  }

  /**
   * The slots written or hidden since the last call, so that what is derived from the columns (the histogram codes)
   * can follow in place; null when they are not known (the first call, or too many): derive everything.
   */
  takeWritten(): number[] | null {
    const out = this.writtenAll ? null : this.written;
    this.written = [];
    this.writtenAll = false;
    return out;
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
    const ranges = (Object.entries(q.ranges) as [RangeFilterKey, [number, number]][]).map(([k, [lo, hi]]) => [k, lo, hi] as [RangeFilterKey, number, number]);
    const edges = histogramEdges(this);
    const out = scan(this.arena, this.size, { allowed: q.allowed, ranges, histograms: edges });
    const order = this.orders[q.sort];
    const [from, to] = sortedSpan(this, order, q.sort, q.ranges, q.allowed);
    const slots = q.offset < out.total ? pageOf(this.arena, out.matches, order, q.desc, q.offset, q.limit, from, to) : [];
    return {
      ids: slots.map((s) => this.ids[s]!),
      total: out.total,
      facets: out.facets,
      carat: extremes(this.arena, this.size, this.carat, this.orders.carat, out.caratSet, out.caratCount),
      price: extremes(this.arena, this.size, this.price, this.orders.price, out.priceSet, out.priceCount),
      histograms: { carat: { edges: edges.carat, counts: out.histograms.carat }, price: { edges: edges.price, counts: out.histograms.price } },
    };
  }

  /** The slot of a stone id (binary search over the slots in id order, then the few others), or -1. */
  slotOf(id: number): number {
    let lo = 0;
    let hi = this.ordered - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return this.unordered.get(id) ?? -1;
  }

  /** Counts a new stone whose columns stage() wrote after the last slot. */
  private append(row: IndexRow): number {
    const slot = this.size++;
    this.ids[slot] = row.id;
    if (this.unordered.size === 0 && this.ordered === slot && (slot === 0 || row.id > this.ids[slot - 1]!)) this.ordered = slot + 1;
    else this.unordered.set(row.id, slot);
    // Written by stage(); noted again now that it counts (a reader may have taken the first note meanwhile).
    this.noteWritten(slot);
    this.arena.setBit(this.arena.live, slot, this.A[slot]! < A_LIVE);
    return slot;
  }

  /** Cached answers and bounds no longer hold. */
  private changed(): void {
    this.cachedBounds = undefined;
    this.recent.clear();
  }

  private noteWritten(slot: number): void {
    if (this.writtenAll) return;
    if (this.written.length < WRITTEN_MAX) this.written.push(slot);
    else {
      this.writtenAll = true;
      this.written = [];
    }
  }

  private write(slot: number, row: IndexRow): void {
    this.noteWritten(slot);
    const codes = encode(row, isLive(row));
    // A grade outside the vocabulary: kept as a dead stone of the first grades, never listed.
    const [a, b, c] = codes ?? [A_LIVE, this.B[slot] ?? 0, 0];
    const { arena } = this;
    // The grade bitmaps follow the codes: the old grades' bits off, the new ones' on.
    const [a0, b0, c0] = [this.A[slot]!, this.B[slot]!, this.C[slot]!];
    const set = (word: 'A' | 'B' | 'C', code: number, on: boolean) => {
      const { per, table } = BITMAPS[word];
      for (let j = 0; j < per; j++) arena.setBit(arena.gradeBitmap(table[code * per + j]!), slot, on);
    };
    set('A', a0, false);
    set('B', b0, false);
    set('C', c0, false);
    set('A', a, true);
    set('B', b, true);
    set('C', c, true);
    this.A[slot] = a;
    this.B[slot] = b;
    this.C[slot] = c;
    // A stone staged after the last slot goes live when commit() counts it (append).
    arena.setBit(arena.live, slot, slot < this.size && a < A_LIVE);
    this.carat[slot] = row.carat;
    this.price[slot] = row.price_cents;
    for (const a of RANGE_LIST) arena.narrow[a.key].set(slot, row[a.column]);
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
