/**
 * The sort orders of the index: one permutation of the slots per sort key, each a total order so that
 * pages never overlap. Ties go to the lower price, then the lower id (slots are in id order); price per
 * carat ties go to the lower id. Grades rank best first (Ideal, D, FL), so `asc` lists the best first,
 * and `desc` walks the same order backwards.
 */
import type { DiamondSort } from '~/features/diamonds/diamond-query.ts';
import { DIAMOND_SORTS } from '~/features/diamonds/diamond-query.ts';
import { B_SIZE, decodeB } from './diamond-codes.ts';
import type { Columns } from './diamond-scan.ts';

type Sortable = Pick<Columns, 'size' | 'B' | 'carat' | 'price'> & { ids: Uint32Array };

const perCarat = (price: number, carat: number) => {
  const v = price / carat;
  return Number.isNaN(v) ? Infinity : v;
};

/** Each B code's cut, colour and clarity rank, looked up rather than decoded in the comparators' inner loops. */
const rankOf = (f: (b: number) => number) => Uint8Array.from({ length: B_SIZE }, (_, b) => f(b));
const RANK = { cut: rankOf((b) => decodeB(b).cut), color: rankOf((b) => decodeB(b).color), clarity: rankOf((b) => decodeB(b).clarity) };

/** The comparator of a sort key over slots: used to place stones whose values changed. */
export function comparator(c: Sortable, sort: DiamondSort): (x: number, y: number) => number {
  const { price, carat, ids, B } = c;
  const byPrice = (x: number, y: number) => price[x]! - price[y]! || ids[x]! - ids[y]!;
  const grade = (rank: Uint8Array) => (x: number, y: number) => rank[B[x]!]! - rank[B[y]!]! || byPrice(x, y);
  switch (sort) {
    case 'price':
      return byPrice;
    case 'carat':
      return (x, y) => carat[x]! - carat[y]! || byPrice(x, y);
    case 'cut':
    case 'color':
    case 'clarity':
      return grade(RANK[sort]);
    case 'price_per_carat':
      return (x, y) => perCarat(price[x]!, carat[x]!) - perCarat(price[y]!, carat[y]!) || ids[x]! - ids[y]!;
  }
}

/** Packed sort keys hold two ranks below 2²¹ each: exact in a double. */
const PACK = 2 ** 21;
const identity = (n: number) => {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
};

/** Each value's position among the distinct values (ties share a rank). */
function denseRank(values: Float64Array): Uint32Array {
  const distinct = new Float64Array(values).sort();
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
  }
  return out;
}

/** Slots ordered by (primary rank, tie rank); `slotOfTie` maps a tie rank back to its slot. */
function packedOrder(primary: ArrayLike<number>, tie: ArrayLike<number>, slotOfTie?: Uint32Array): Uint32Array {
  const n = primary.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = primary[i]! * PACK + tie[i]!;
  keys.sort();
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
  const slots = identity(n);
  const byPrice = packedOrder(denseRank(c.price.subarray(0, n)), slots);
  yield;
  const priceRank = new Uint32Array(n);
  for (let i = 0; i < n; i++) priceRank[byPrice[i]!] = i;
  const thenPrice = (rank: ArrayLike<number>) => packedOrder(rank, priceRank, byPrice);
  const grade = (rank: Uint8Array) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = rank[c.B[i]!]!;
    return out;
  };
  const carat = thenPrice(denseRank(c.carat.subarray(0, n)));
  yield;
  const cut = thenPrice(grade(RANK.cut));
  yield;
  const color = thenPrice(grade(RANK.color));
  yield;
  const clarity = thenPrice(grade(RANK.clarity));
  yield;
  const ppc = new Float64Array(n);
  for (let i = 0; i < n; i++) ppc[i] = perCarat(c.price[i]!, c.carat[i]!);
  return { price: byPrice, carat, cut, color, clarity, price_per_carat: packedOrder(denseRank(ppc), slots) };
}

/**
 * Places `run` (slots not in `order`, any order) into the sorted `order`, without the slots marked in
 * `drop`: one new permutation, made by sorting the run alone and copying the stretches of the old
 * order between its stones (a binary search each), so a batch of k changes costs k·log k plus one copy.
 */
export function mergeInto(c: Sortable, sort: DiamondSort, order: Uint32Array, run: Uint32Array, drop: Uint8Array | undefined, dropped: number): Uint32Array {
  const cmp = comparator(c, sort);
  let keep = order;
  if (dropped) {
    keep = new Uint32Array(order.length - dropped);
    let j = 0;
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      if (!drop![s]) keep[j++] = s;
    }
  }
  const sorted = run.slice().sort(cmp);
  const out = new Uint32Array(keep.length + sorted.length);
  let from = 0;
  let at = 0;
  for (let r = 0; r < sorted.length; r++) {
    const s = sorted[r]!;
    let lo = from;
    let hi = keep.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(keep[mid]!, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(keep.subarray(from, lo), at);
    at += lo - from;
    from = lo;
    out[at++] = s;
  }
  out.set(keep.subarray(from), at);
  return out;
}
