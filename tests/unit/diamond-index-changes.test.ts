/**
 * The index takes inserts, updates and delistings in place (applyBatch, delist), and then answers every
 * search exactly as an index built from scratch over the same rows would: same stones, same order in
 * every sort, same totals, facets and extremes. Checked on hand-picked cases and on random batches
 * (fast-check), both through the small path (a few stones moved one by one) and the merge path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { DiamondIndex, type IndexQuery, type IndexRow } from '~/server/diamonds/diamond-index.ts';
import { DIAMOND_SORTS, FACET_KEYS, LIST_FILTER_KEYS, LIST_FILTERS, type ListFilterKey, type RangeFilterKey } from '~/features/diamonds/diamond-query.ts';
import { RANGE_ATTRIBUTES } from '~/features/diamonds/attributes.ts';
import { bucketOf } from '~/server/diamonds/diamond-histogram.ts';
import { CLARITIES, COLORS, CUTS, SHAPES } from '~/features/diamonds/grades.ts';

const stone = (rng: () => number, i: number, id: number): IndexRow => {
  const d = generateDiamond(rng, i, id, '2026-01-01T00:00:00.000Z');
  return { ...d, id, is_hidden: d.is_hidden ?? 0, status: d.status ?? 'available' } as IndexRow;
};

function fromScratch(rows: Iterable<IndexRow>): DiamondIndex {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const index = new DiamondIndex(Math.max(1, sorted.length));
  for (const r of sorted) index.add(r);
  return index.seal();
}

const everything = (sort: IndexQuery['sort'], desc: boolean, extra: Partial<IndexQuery> = {}): IndexQuery => ({
  allowed: {},
  ranges: {},
  sort,
  desc,
  offset: 0,
  limit: 1_000_000,
  ...extra,
});
const QUERIES: Partial<IndexQuery>[] = [
  {},
  { allowed: { shape: 0b11 }, ranges: { carat: [0.5, 2] } },
  { allowed: { cut: 0b111, color: 0b1111 }, ranges: { price: [100_000, 2_000_000] } },
  { allowed: { shape: 0b1111111110, lab: 0b1, polish: 0b11 }, ranges: { depth: [60.5, 63.333], table: [54, 60], lw_ratio: [1, 1.25] } },
];

const RANGE_VALUE = (key: RangeFilterKey) => (r: IndexRow) => r[RANGE_ATTRIBUTES[key].column];

/** What a query answers by a plain filter over the rows: total, facets, sliders' extents and histograms (on the index's edges). */
function plainAnswer(rows: Iterable<IndexRow>, q: IndexQuery, edges: { carat: number[]; price: number[] }) {
  const live = [...rows].filter((r) => r.status === 'available' && !r.is_hidden);
  const passes = (r: IndexRow, except?: string) =>
    LIST_FILTER_KEYS.every((k) => k === except || q.allowed[k] === undefined || (q.allowed[k]! >> LIST_FILTERS[k].indexOf(r[k] as never)) & 1) &&
    (Object.entries(q.ranges) as [RangeFilterKey, [number, number]][]).every(
      ([k, [lo, hi]]) => k === except || !(RANGE_VALUE(k)(r) < lo || RANGE_VALUE(k)(r) > hi),
    );
  const facets = Object.fromEntries(
    FACET_KEYS.map((k) => [k, LIST_FILTERS[k as ListFilterKey].map((g) => live.filter((r) => r[k] === g && passes(r, k)).length)]),
  );
  const extent = (list: number[]) => (list.length ? { min: Math.min(...list), max: Math.max(...list) } : null);
  const carats = live.filter((r) => passes(r, 'carat')).map((r) => r.carat);
  const prices = live.filter((r) => passes(r, 'price')).map((r) => r.price_cents);
  const histogram = (e: number[], values: number[]) => e.slice(1).map((_, b) => values.filter((v) => bucketOf(e, v) === b).length);
  return {
    total: live.filter((r) => passes(r)).length,
    facets,
    carat: extent(carats),
    price: extent(prices),
    histograms: { carat: histogram(edges.carat, carats), price: histogram(edges.price, prices) },
  };
}

/**
 * Every sort, both ways, a few filters: the whole answer, compared with the from-scratch index, and its
 * counts (total, facets, extents, histograms) with a plain filter over the rows.
 */
function expectSameAsScratch(index: DiamondIndex, rows: Map<number, IndexRow>) {
  const scratch = fromScratch(rows.values());
  for (const sort of DIAMOND_SORTS) {
    expect(index.orders[sort].length).toBe(index.size);
    for (const desc of [false, true]) {
      for (const extra of QUERIES) {
        const q = everything(sort, desc, extra);
        expect(index.search(q), `${sort} ${desc ? 'desc' : 'asc'} ${JSON.stringify(extra)}`).toEqual(scratch.search(q));
        if (sort === 'price' && !desc) {
          const got = index.search(q);
          const edges = { carat: got.histograms.carat.edges, price: got.histograms.price.edges };
          expect({
            total: got.total,
            facets: got.facets,
            carat: got.carat,
            price: got.price,
            histograms: { carat: got.histograms.carat.counts, price: got.histograms.price.counts },
          }).toEqual(plainAnswer(rows.values(), q, edges));
        }
      }
    }
  }
  expect(index.bounds()).toEqual(scratch.bounds());
  // And against the rows themselves.
  const live = [...rows.values()].filter((r) => r.status === 'available' && !r.is_hidden);
  const extent = (f: (r: IndexRow) => number) => ({ min: Math.min(...live.map(f)), max: Math.max(...live.map(f)) });
  expect(index.bounds()).toEqual(
    live.length
      ? {
          carat: extent((r) => r.carat),
          price: extent((r) => r.price_cents),
          depth: extent((r) => r.depth),
          table: extent((r) => r.table_pct),
          lw_ratio: extent((r) => r.lw_ratio),
        }
      : null,
  );
  expect(index.liveCount).toBe(scratch.liveCount);
}

function seeded(n: number, seed = 11) {
  const rng = createRng(seed);
  const rows = new Map<number, IndexRow>();
  for (let i = 0; i < n; i++) rows.set(10 + i * 2, stone(rng, i, 10 + i * 2));
  return rows;
}

describe('the diamond index, changed in place', () => {
  it('lists new stones at their place in every order, without a rebuild', () => {
    const rows = seeded(500);
    const index = fromScratch(rows.values());
    const rng = createRng(5);
    const batch = Array.from({ length: 300 }, (_, i) => ({ ...stone(rng, 1000 + i, 5000 + i), status: 'available', is_hidden: 0 }));
    index.applyBatch(batch.map((r) => [r.id, r] as const));
    for (const r of batch) rows.set(r.id, r);
    expectSameAsScratch(index, rows);
    expect(index.search(everything('price', false)).total).toBe(fromScratch(rows.values()).search(everything('price', false)).total);
  });

  it('takes a new stone whose id is lower than the others (an operator choosing ids)', () => {
    const rows = seeded(200);
    const index = fromScratch(rows.values());
    const low = { ...stone(createRng(3), 0, 11), status: 'available', is_hidden: 0 };
    index.applyBatch([[low.id, low]]);
    rows.set(low.id, low);
    expectSameAsScratch(index, rows);
    expect(index.slotOf(11)).toBeGreaterThanOrEqual(0);
  });

  it('moves a stone whose price, carat or grades changed; hides one delisted; lists one relisted', () => {
    const rows = seeded(400);
    const index = fromScratch(rows.values());
    const live = [...rows.values()].filter((r) => r.status === 'available' && !r.is_hidden);
    const dead = [...rows.values()].find((r) => r.status === 'sold')!;
    const changed: IndexRow[] = [
      { ...live[0]!, price_cents: 1 },
      { ...live[1]!, carat: 4.99 },
      { ...live[2]!, cut: 'Fair', color: 'M', clarity: 'I1' },
      { ...live[3]!, status: 'reserved' },
      { ...live[4]!, is_hidden: 1 },
      { ...dead, status: 'available' },
    ];
    index.applyBatch(changed.map((r) => [r.id, r] as const));
    for (const r of changed) rows.set(r.id, r);
    expectSameAsScratch(index, rows);
    // The same through the merge path: many stones at once.
    const many = [...rows.values()].slice(0, 150).map((r, i) => ({ ...r, price_cents: 100_000 + ((i * 7919) % 150) * 100, carat: 0.3 + (i % 40) / 10 }));
    index.applyBatch(many.map((r) => [r.id, r] as const));
    for (const r of many) rows.set(r.id, r);
    expectSameAsScratch(index, rows);
  });

  it('hides a delisted stone at once from the log alone, and lists it again with its new row', () => {
    const rows = seeded(100);
    const index = fromScratch(rows.values());
    const target = [...rows.values()].find((r) => r.status === 'available' && !r.is_hidden)!;
    const before = index.search(everything('price', false)).total;
    index.delist(target.id);
    expect(index.search(everything('price', false)).ids).not.toContain(target.id);
    expect(index.search(everything('price', false)).total).toBe(before - 1);
    const back = { ...target, price_cents: target.price_cents + 100 };
    index.applyBatch([[back.id, back]]);
    rows.set(back.id, back);
    expectSameAsScratch(index, rows);
  });

  it('grows past its capacity', () => {
    const rows = seeded(10);
    const index = fromScratch(rows.values());
    const rng = createRng(8);
    for (let round = 0; round < 5; round++) {
      const batch = Array.from({ length: 50 }, (_, i) => ({ ...stone(rng, i, 1000 + round * 100 + i), status: 'available', is_hidden: 0 }));
      index.applyBatch(batch.map((r) => [r.id, r] as const));
      for (const r of batch) rows.set(r.id, r);
    }
    expect(index.size).toBe(260);
    expectSameAsScratch(index, rows);
  });

  it('answers like a from-scratch index after any sequence of inserts, updates, delistings and deletions', { timeout: 120_000 }, () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), seed: fc.integer({ min: 1, max: 1e6 }), id: fc.integer({ min: 1, max: 2000 }) }),
      fc.record({
        kind: fc.constant('update' as const),
        pick: fc.nat(),
        price: fc.option(fc.integer({ min: 1, max: 60 }).map((n) => n * 50_000)),
        carat: fc.option(fc.integer({ min: 30, max: 500 }).map((n) => n / 100)),
        cut: fc.option(fc.constantFrom(...CUTS)),
        color: fc.option(fc.constantFrom(...COLORS)),
        clarity: fc.option(fc.constantFrom(...CLARITIES)),
        shape: fc.option(fc.constantFrom(...SHAPES)),
        // Depths of any precision: two decimals are coded, others kept exactly on the side.
        depth: fc.option(
          fc.oneof(
            fc.integer({ min: 5800, max: 6600 }).map((n) => n / 100),
            fc.double({ min: 58, max: 66, noNaN: true }),
          ),
        ),
      }),
      fc.record({ kind: fc.constantFrom('sell' as const, 'hide' as const, 'relist' as const, 'delete' as const, 'delist' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 4 }), (batches) => {
        const rows = seeded(120, 3);
        const index = fromScratch(rows.values());
        for (const ops of batches) {
          const changed = new Map<number, IndexRow | undefined>();
          const ids = () => [...rows.keys()];
          for (const o of ops) {
            if (o.kind === 'insert') {
              if (rows.has(o.id)) continue;
              const r = { ...stone(createRng(o.seed), 0, o.id), status: 'available', is_hidden: 0 };
              rows.set(r.id, r);
              changed.set(r.id, r);
              continue;
            }
            const all = ids();
            if (!all.length) continue;
            const id = all[o.pick % all.length]!;
            const old = rows.get(id)!;
            if (o.kind === 'delist') {
              // What the log alone says before the row is read: no longer listed (its row, now stale, is not applied).
              rows.set(id, { ...old, status: 'sold' });
              changed.delete(id);
              index.delist(id);
              continue;
            }
            let next: IndexRow | undefined;
            if (o.kind === 'update') {
              next = {
                ...old,
                price_cents: o.price ?? old.price_cents,
                carat: o.carat ?? old.carat,
                cut: o.cut ?? old.cut,
                color: o.color ?? old.color,
                clarity: o.clarity ?? old.clarity,
                shape: o.shape ?? old.shape,
                depth: o.depth ?? old.depth,
              };
            } else if (o.kind === 'sell') next = { ...old, status: 'sold' };
            else if (o.kind === 'hide') next = { ...old, is_hidden: 1 };
            else if (o.kind === 'relist') next = { ...old, status: 'available', is_hidden: 0 };
            if (next) rows.set(id, next);
            else rows.delete(id);
            changed.set(id, next);
          }
          index.applyBatch(changed);
        }
        expectSameAsScratch(index, rows);
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });

  it('stages a batch while searches see the index as it was, and commits it at once, stones delisted meanwhile staying hidden', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(fc.nat(), { maxLength: 12 }), fc.nat({ max: 40 }), (seed, delists, stepsBefore) => {
        const rows = seeded(150, 5);
        const index = fromScratch(rows.values());
        const rng = createRng(seed);
        const batch = new Map<number, IndexRow>();
        for (const r of [...rows.values()].filter((_, i) => i % 3 === 0))
          batch.set(r.id, { ...r, price_cents: 50_000 + Math.floor(rng() * 900) * 1000, status: 'available', is_hidden: 0 });
        for (let i = 0; i < 40; i++) batch.set(3000 + i, { ...stone(rng, i, 3000 + i), status: 'available', is_hidden: 0 });
        const before = new Map(DIAMOND_SORTS.map((sort) => [sort, index.search(everything(sort, false))]));
        const staged = index.stage(batch);
        const hidden = new Set<number>();
        let steps = 0;
        for (let step = staged.steps.next(); !step.done; step = staged.steps.next()) {
          // In between: searches answer as before the batch; the log delists stones (some in the batch).
          if (steps++ === stepsBefore) {
            for (const sort of DIAMOND_SORTS) expect(index.search(everything(sort, false))).toEqual(before.get(sort));
            for (const pick of delists) {
              const ids = [...batch.keys()];
              const id = ids[pick % ids.length]!;
              index.delist(id);
              hidden.add(id);
            }
          }
        }
        expect(index.commit(staged, (id) => hidden.has(id))).toBe(true);
        for (const [id, r] of batch) rows.set(id, hidden.has(id) ? { ...r, status: 'sold' } : r);
        expectSameAsScratch(index, rows);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });

  it('merges batch after batch into the orders each one before it replaced, searches in between seeing the index as it was', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 2, max: 6 }), (seed, batches) => {
        const rows = seeded(120, 4);
        const index = fromScratch(rows.values());
        const rng = createRng(seed);
        for (let b = 0; b < batches; b++) {
          const batch = new Map<number, IndexRow>();
          for (const r of [...rows.values()].filter(() => rng() < 0.2))
            batch.set(r.id, { ...r, price_cents: 40_000 + Math.floor(rng() * 900) * 1000, status: 'available', is_hidden: 0 });
          const fresh = 5000 + b * 100;
          for (let i = 0; i < 10 + Math.floor(rng() * 40); i++) batch.set(fresh + i, { ...stone(rng, i, fresh + i), status: 'available', is_hidden: 0 });
          const was = fromScratch(rows.values());
          const staged = index.stage(batch);
          let steps = 0;
          for (let step = staged.steps.next(); !step.done; step = staged.steps.next()) {
            // A query not asked before (its own limit), so the index walks its orders to answer it.
            const limit = 1_000_000 - ++steps;
            for (const sort of DIAMOND_SORTS)
              expect(index.search(everything(sort, steps % 2 === 0, { limit }))).toEqual(was.search(everything(sort, steps % 2 === 0, { limit })));
          }
          expect(index.commit(staged)).toBe(true);
          for (const [id, r] of batch) rows.set(id, r);
          expectSameAsScratch(index, rows);
        }
        index.releaseSpare();
        expectSameAsScratch(index, rows);
      }),
      { numRuns: 40, seed: 20261125 },
    );
  });

  it('refuses a staged batch when the orders changed under it, and changes nothing', () => {
    const rows = seeded(100);
    const index = fromScratch(rows.values());
    const rng = createRng(9);
    const batch = Array.from({ length: 30 }, (_, i) => ({ ...stone(rng, i, 5000 + i), status: 'available', is_hidden: 0 }));
    const staged = index.stage(batch.map((r) => [r.id, r] as const));
    for (let step = staged.steps.next(); !step.done; step = staged.steps.next());
    const moved = { ...[...rows.values()].find((r) => r.status === 'available' && !r.is_hidden)!, price_cents: 1 };
    index.applyBatch([[moved.id, moved]]);
    rows.set(moved.id, moved);
    expect(index.commit(staged)).toBe(false);
    expectSameAsScratch(index, rows);
  });
});
