/**
 * The sort orders of the index: one permutation of the slots per sort key, each a total order so that
 * pages never overlap. Ties go to the lower price, then the lower id (slots are in id order); price per
 * carat ties go to the lower id. Grades rank best first (Ideal, D, FL), so `asc` lists the best first,
 * and `desc` walks the same order backwards.
 */
import type { DiamondSort } from '~/features/diamonds/diamond-query.ts';
import { DIAMOND_SORTS } from '~/features/diamonds/diamond-query.ts';
import { GRADE_SORTS, type GradeSort } from '~/features/diamonds/grade-attributes.ts';
import { B_SIZE, decode } from './diamond-codes.ts';
import type { Columns } from './diamond-scan.ts';

type Sortable = Pick<Columns, 'size' | 'B' | 'carat' | 'price'> & { ids: Uint32Array };

const perCarat = (price: number, carat: number) => {
  const v = price / carat;
  return Number.isNaN(v) ? Infinity : v;
};

/** Each B code's rank in every grade sort (cut, colour, clarity), looked up rather than decoded in the comparators' inner loops. */
export const RANK = Object.fromEntries(GRADE_SORTS.map((key) => [key, Uint8Array.from({ length: B_SIZE }, (_, b) => decode('B', b)[key]!)])) as Record<
  GradeSort,
  Uint8Array
>;
const isGradeSort = (sort: DiamondSort): sort is GradeSort => sort in RANK;

/** The comparator of a sort key over slots: used to place stones whose values changed. */
export function comparator(c: Sortable, sort: DiamondSort): (x: number, y: number) => number {
  const { price, carat, ids, B } = c;
  const byPrice = (x: number, y: number) => price[x]! - price[y]! || ids[x]! - ids[y]!;
  const grade = (rank: Uint8Array) => (x: number, y: number) => rank[B[x]!]! - rank[B[y]!]! || byPrice(x, y);
  if (isGradeSort(sort)) return grade(RANK[sort]);
  switch (sort) {
    case 'price':
      return byPrice;
    case 'carat':
      return (x, y) => carat[x]! - carat[y]! || byPrice(x, y);
    case 'price_per_carat':
      return (x, y) => perCarat(price[x]!, carat[x]!) - perCarat(price[y]!, carat[y]!) || ids[x]! - ids[y]!;
  }
}

/**
 * The stretch [from, to) of `order` (sorted by `sort`) outside which no stone can pass the query's filter
 * on the sort's own key: a price or carat range, or the accepted cut, colour or clarity grades. A page
 * walks only that stretch: a search for 2–2.5 ct sorted by carat starts at the first 2 ct stone instead
 * of walking past every smaller one.
 */
export function sortedSpan(
  c: Sortable,
  order: Uint32Array,
  sort: DiamondSort,
  ranges: Partial<Record<'price' | 'carat', [number, number]>>,
  allowed: Partial<Record<GradeSort, number>>,
): [number, number] {
  let key: ((slot: number) => number) | undefined;
  let lo = -Infinity;
  let hi = Infinity;
  if ((sort === 'price' || sort === 'carat') && ranges[sort]) {
    const column = c[sort];
    key = (slot) => column[slot]!;
    [lo, hi] = ranges[sort]!;
  } else if (isGradeSort(sort) && allowed[sort]) {
    const rank = RANK[sort];
    const bits = allowed[sort]!;
    if (!bits) return [0, 0];
    key = (slot) => rank[c.B[slot]!]!;
    lo = 31 - Math.clz32(bits & -bits);
    hi = 31 - Math.clz32(bits);
  }
  if (!key) return [0, order.length];
  /** The first position whose key is not below v (strictly above v when `after`). */
  const first = (v: number, after: boolean) => {
    let a = 0;
    let b = order.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      const k = key(order[mid]!);
      if (k < v || (after && k === v)) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  return [first(lo, false), first(hi, true)];
}

/** Packed sort keys hold two ranks below 2²¹ each: exact in a double. */
const PACK = 2 ** 21;
const identity = (n: number) => {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
};

/** Work between two pauses of a background rebuild: about a millisecond or two. */
const PIECE = 1 << 16;

/**
 * Sorts `keys` ascending (no NaN): pieces sorted natively, then merged pass by pass, pausing after each
 * piece of work. Answers the sorted array (`keys` itself or a buffer of the same length).
 */
function* sortInSteps(keys: Float64Array<ArrayBufferLike>): Generator<void, Float64Array<ArrayBufferLike>> {
  const n = keys.length;
  for (let lo = 0; lo < n; lo += PIECE) {
    keys.subarray(lo, Math.min(n, lo + PIECE)).sort();
    yield;
  }
  let from: Float64Array<ArrayBufferLike> = keys;
  let to: Float64Array<ArrayBufferLike> = new Float64Array(n);
  let work = 0;
  for (let width = PIECE; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = from[i]! <= from[j]! ? from[i++]! : from[j++]!;
        if (++work === PIECE) {
          work = 0;
          yield;
        }
      }
      to.set(from.subarray(i, mid), k);
      to.set(from.subarray(j, hi), k + mid - i);
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Each value's position among the distinct values (ties share a rank). */
function* denseRank(values: Float64Array): Generator<void, Uint32Array> {
  const distinct = yield* sortInSteps(new Float64Array(values));
  let u = 0;
  for (let i = 0; i < distinct.length; i++) if (i === 0 || distinct[i] !== distinct[u - 1]) distinct[u++] = distinct[i]!;
  const unique = distinct.subarray(0, u);
  const out = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let lo = 0;
    let hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (unique[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
    if ((i & (PIECE - 1)) === PIECE - 1) yield;
  }
  return out;
}

/** Slots ordered by (primary rank, tie rank); `slotOfTie` maps a tie rank back to its slot. */
function* packedOrder(primary: ArrayLike<number>, tie: ArrayLike<number>, slotOfTie?: Uint32Array): Generator<void, Uint32Array> {
  const n = primary.length;
  const unsorted = new Float64Array(n);
  for (let i = 0; i < n; i++) unsorted[i] = primary[i]! * PACK + tie[i]!;
  const keys = yield* sortInSteps(unsorted);
  const out = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    const t = keys[j]! % PACK;
    out[j] = slotOfTie ? slotOfTie[t]! : t;
  }
  return out;
}

/**
 * Every order, built with native numeric sorts of packed keys (a dense rank of the sort value · 2²¹ +
 * a tie-break rank): about a second for a million stones where comparator sorts take several. The
 * result equals sorting with comparator(), which the unit tests check. Slots must be in id order.
 */
export function sortOrders(c: Sortable): Record<DiamondSort, Uint32Array> {
  const steps = sortSteps(c);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The same, giving way to other work (searches) between the orders: a rebuild off the request path. */
export async function sortOrdersAsync(c: Sortable, pause: () => Promise<void>): Promise<Record<DiamondSort, Uint32Array>> {
  const steps = sortSteps(c);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}

function* sortSteps(c: Sortable): Generator<void, Record<DiamondSort, Uint32Array>> {
  const n = c.size;
  if (n >= PACK) return Object.fromEntries(DIAMOND_SORTS.map((s) => [s, identity(n).sort(comparator(c, s))])) as Record<DiamondSort, Uint32Array>;
  // Every sort and pass over the stones pauses every PIECE elements (sortInSteps, denseRank, packedOrder).
  const slots = identity(n);
  const byPrice = yield* packedOrder(yield* denseRank(c.price.subarray(0, n)), slots);
  const priceRank = new Uint32Array(n);
  for (let i = 0; i < n; i++) priceRank[byPrice[i]!] = i;
  const thenPrice = (rank: ArrayLike<number>) => packedOrder(rank, priceRank, byPrice);
  const grade = (rank: Uint8Array) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = rank[c.B[i]!]!;
    return out;
  };
  const carat = yield* thenPrice(yield* denseRank(c.carat.subarray(0, n)));
  const grades = {} as Record<GradeSort, Uint32Array>;
  for (const key of GRADE_SORTS) grades[key] = yield* thenPrice(grade(RANK[key]));
  const ppc = new Float64Array(n);
  for (let i = 0; i < n; i++) ppc[i] = perCarat(c.price[i]!, c.carat[i]!);
  const ppcValues = yield* denseRank(ppc);
  return { price: byPrice, carat, ...grades, price_per_carat: yield* packedOrder(ppcValues, slots) };
}

/** The stones a batch places: the values they will have, read by the merge instead of the columns. */
export interface Run {
  /** The slot each stone holds once the batch is in. */
  slots: Uint32Array;
  ids: Uint32Array;
  price: Float64Array;
  carat: Float64Array;
  B: Uint16Array;
}

/** A sort's first key (ties go to the lower price, except price per carat, then to the lower id). */
function primaryOf(sort: DiamondSort): (price: number, carat: number, b: number) => number {
  if (isGradeSort(sort)) {
    const rank = RANK[sort];
    return (_, __, b) => rank[b]!;
  }
  switch (sort) {
    case 'price':
      return (price) => price;
    case 'carat':
      return (_, carat) => carat;
    case 'price_per_carat':
      return perCarat;
  }
}

/** Elements of the old order copied between two pauses of a background merge (about a millisecond). */
const STRETCH = 1 << 17;

/**
 * Places the `run` stones into the sorted `order`, leaving out the slots marked in `drop` (`dropped` of
 * them): one new permutation, made by sorting the run alone (by its own values), finding each run
 * stone's place in the old order (a binary search each: the old order is sorted by the columns as they
 * are) and copying the stretches of the old order in between. k·log n plus one copy, done in steps: the
 * generator pauses after the sort and after every STRETCH elements copied, and returns the new order.
 * Nothing is written but the new order, so searches may use the old one (and the columns) in between.
 * The new order is written into `into` when it has room (an order no search reads any more, see
 * DiamondIndex.spare), else into a new array with room for more: during an import, one new array per
 * order per batch made the collector run every second or so, pausing searches for tens of milliseconds.
 */
export function* mergeSteps(
  c: Sortable,
  sort: DiamondSort,
  order: Uint32Array,
  run: Run,
  drop: Uint8Array | undefined,
  dropped: number,
  into?: Uint32Array,
): Generator<void, Uint32Array> {
  const primary = primaryOf(sort);
  const tiePrice = sort !== 'price_per_carat';
  const n = run.slots.length;
  const key = new Float64Array(n);
  for (let r = 0; r < n; r++) key[r] = primary(run.price[r]!, run.carat[r]!, run.B[r]!);
  const sorted = Uint32Array.from({ length: n }, (_, r) => r).sort(
    (x, y) => key[x]! - key[y]! || (tiePrice ? run.price[x]! - run.price[y]! : 0) || run.ids[x]! - run.ids[y]!,
  );
  const { price, carat, B, ids } = c;
  /** Whether the stone in `slot` (as the columns are) sorts before run stone `r`. */
  const before = (slot: number, r: number) =>
    (primary(price[slot]!, carat[slot]!, B[slot]!) - key[r]! || (tiePrice ? price[slot]! - run.price[r]! : 0) || ids[slot]! - run.ids[r]!) < 0;
  yield;

  const length = order.length - dropped + n;
  const out = (into && into.length >= length ? into : new Uint32Array(length + (length >> 3))).subarray(0, length);
  let from = 0;
  let at = 0;
  /** Work done since the last pause, in elements copied (a binary search counts as 32). */
  let work = 0;
  const copy = (to: number) => {
    if (drop) {
      for (let i = from; i < to; i++) {
        const s = order[i]!;
        if (!drop[s]) out[at++] = s;
      }
    } else {
      out.set(order.subarray(from, to), at);
      at += to - from;
    }
    work += to - from;
    from = to;
  };
  for (let j = 0; j < n; j++) {
    const r = sorted[j]!;
    let lo = from;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(order[mid]!, r)) lo = mid + 1;
      else hi = mid;
    }
    while (lo - from > STRETCH) {
      copy(from + STRETCH);
      yield;
      work = 0;
    }
    copy(lo);
    out[at++] = run.slots[r]!;
    work += 32;
    if (work > STRETCH) {
      yield;
      work = 0;
    }
  }
  while (order.length - from > STRETCH) {
    copy(from + STRETCH);
    yield;
  }
  copy(order.length);
  return out;
}
