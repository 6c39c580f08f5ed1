/**
 * The in-memory diamond index against a plain filter over the same stones: totals, facets (each with
 * every other filter applied), extremes, pages in every sort order, and updates after a status or
 * price change.
 */
import { describe, expect, it } from 'vitest';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { DiamondIndex, type IndexRow } from '~/server/diamonds/diamond-index.ts';
import { toIndexQuery } from '~/server/diamonds/diamonds.service.ts';
import {
  DIAMOND_SORTS,
  FACET_KEYS,
  LIST_FILTERS,
  LIST_FILTER_KEYS,
  RANGE_FILTER_KEYS,
  type DiamondFilters,
  type DiamondQuery,
} from '~/features/diamonds/diamond-query.ts';
import { CLARITIES, COLORS, CUTS } from '~/features/diamonds/grades.ts';

const rng = createRng(7);
const stones: IndexRow[] = Array.from({ length: 3000 }, (_, i) => {
  const d = generateDiamond(rng, i, 100 + i * 3, '2026-01-01T00:00:00.000Z');
  return { ...d, id: d.id!, is_hidden: d.is_hidden ?? 0, status: d.status ?? 'available' } as IndexRow;
});

function buildIndex(rows: IndexRow[]) {
  const index = new DiamondIndex(rows.length);
  for (const r of rows) index.add(r);
  return index.seal();
}

const value = (s: IndexRow, key: string): number => (key === 'price' ? s.price_cents / 100 : key === 'table' ? s.table_pct : (s as any)[key]);
function passes(s: IndexRow, f: DiamondFilters, except?: string): boolean {
  if (s.status !== 'available' || s.is_hidden) return false;
  for (const key of LIST_FILTER_KEYS) if (key !== except && f[key]?.length && !f[key]!.includes((s as any)[key])) return false;
  for (const key of RANGE_FILTER_KEYS) {
    const r = f[key];
    if (!r || key === except) continue;
    const v = value(s, key);
    if ((r.min !== undefined && v < r.min) || (r.max !== undefined && v > r.max)) return false;
  }
  return true;
}
const rank = (list: readonly string[], v: string) => list.indexOf(v);
const sortKey: Record<string, (s: IndexRow) => number> = {
  price: (s) => s.price_cents,
  carat: (s) => s.carat,
  cut: (s) => rank(CUTS, s.cut),
  color: (s) => rank(COLORS, s.color),
  clarity: (s) => rank(CLARITIES, s.clarity),
  price_per_carat: (s) => s.price_cents / s.carat,
};

function randomFilters(r: () => number): DiamondFilters {
  const f: DiamondFilters = {};
  for (const key of LIST_FILTER_KEYS) {
    if (r() < 0.3) f[key] = LIST_FILTERS[key].filter(() => r() < 0.5);
  }
  if (r() < 0.5) f.carat = { min: 0.3 + r() * 1.5, max: r() < 0.5 ? 1 + r() * 3 : undefined };
  if (r() < 0.4) f.price = { max: 1000 + r() * 20000 };
  if (r() < 0.2) f.depth = { min: 60, max: 65 };
  if (r() < 0.2) f.table = { min: 54 };
  if (r() < 0.2) f.lw_ratio = { max: 1.3 };
  return f;
}

function check(index: DiamondIndex, rows: IndexRow[], filters: DiamondFilters, sort: (typeof DIAMOND_SORTS)[number], dir: 'asc' | 'desc', page: number) {
  const q: DiamondQuery = { filters, sort_by: sort, sort_direction: dir, page_number: page, page_size: 20 };
  const res = index.search(toIndexQuery(q));
  const matching = rows.filter((s) => passes(s, filters));
  expect(res.total).toBe(matching.length);
  for (const key of FACET_KEYS) {
    const expected = LIST_FILTERS[key].map((g) => rows.filter((s) => (s as any)[key] === g && passes(s, filters, key)).length);
    expect(res.facets[key], key).toEqual(expected);
  }
  const caratSet = rows.filter((s) => passes(s, filters, 'carat')).map((s) => s.carat);
  expect(res.carat).toEqual(caratSet.length ? { min: Math.min(...caratSet), max: Math.max(...caratSet) } : null);
  const priceSet = rows.filter((s) => passes(s, filters, 'price')).map((s) => s.price_cents);
  expect(res.price).toEqual(priceSet.length ? { min: Math.min(...priceSet), max: Math.max(...priceSet) } : null);
  const sorted = [...matching].sort((a, b) => sortKey[sort]!(a) - sortKey[sort]!(b) || a.price_cents - b.price_cents || a.id - b.id);
  if (sort === 'price_per_carat') sorted.sort((a, b) => sortKey[sort]!(a) - sortKey[sort]!(b) || a.id - b.id);
  if (dir === 'desc') sorted.reverse();
  expect(res.ids).toEqual(sorted.slice((page - 1) * 20, page * 20).map((s) => s.id));
}

describe('the diamond index', () => {
  const index = buildIndex(stones);

  it('answers 200 random searches exactly as a plain filter would', { timeout: 60_000 }, () => {
    const r = createRng(99);
    for (let i = 0; i < 200; i++) {
      const sort = DIAMOND_SORTS[Math.floor(r() * DIAMOND_SORTS.length)]!;
      check(index, stones, randomFilters(r), sort, r() < 0.5 ? 'asc' : 'desc', 1 + Math.floor(r() * 3));
    }
  });

  it('filters depth, table and ratio exactly on values of any precision (more than two decimals, or out of the narrow codes)', { timeout: 60_000 }, () => {
    const odd = stones.map((s, i) =>
      i % 5 === 0
        ? {
            ...s,
            depth: s.depth + 0.001 * (1 + (i % 9)),
            table_pct: i % 10 === 0 ? 700.5 : s.table_pct,
            lw_ratio: i % 15 === 0 ? s.lw_ratio + 1e-9 : s.lw_ratio,
          }
        : s,
    );
    const local = buildIndex(odd);
    const r = createRng(5);
    for (let i = 0; i < 60; i++) {
      const f = randomFilters(r);
      f.depth = { min: 59 + Math.floor(r() * 4000) / 1000, max: r() < 0.5 ? 62 + Math.floor(r() * 4000) / 1000 : undefined };
      if (r() < 0.5) f.table = { min: 54 + r() * 3, max: r() < 0.3 ? 701 : 62 };
      if (r() < 0.5) f.lw_ratio = { min: 1 + Math.floor(r() * 300) / 1000, max: 1.5 };
      check(local, odd, f, DIAMOND_SORTS[i % DIAMOND_SORTS.length]!, i % 2 ? 'asc' : 'desc', 1 + (i % 3));
    }
    const noise = odd.filter((s) => s.table_pct === 700.5 && s.status === 'available' && !s.is_hidden).length;
    expect(noise).toBeGreaterThan(0);
    expect(local.search(toIndexQuery({ filters: { table: { min: 700 } }, sort_by: 'price', sort_direction: 'asc', page_number: 1, page_size: 20 })).total).toBe(
      noise,
    );
    expect(local.bounds()!.table.max).toBe(700.5);
  });

  it("pages a search sorted by the key of its own filter from the right place, both ways, bounds on stones' exact values", { timeout: 60_000 }, () => {
    const live = stones.filter((s) => s.status === 'available' && !s.is_hidden);
    const r = createRng(13);
    for (let i = 0; i < 16; i++) {
      const [a, b] = [live[Math.floor(r() * live.length)]!, live[Math.floor(r() * live.length)]!];
      const dir = i % 2 ? 'asc' : 'desc';
      const page = 1 + (i % 3);
      check(index, stones, { carat: { min: Math.min(a.carat, b.carat), max: Math.max(a.carat, b.carat) } }, 'carat', dir, page);
      check(
        index,
        stones,
        { price: { min: Math.min(a.price_cents, b.price_cents) / 100, max: Math.max(a.price_cents, b.price_cents) / 100 } },
        'price',
        dir,
        page,
      );
      const grades = (list: readonly string[]) => list.filter(() => r() < 0.4);
      check(index, stones, { cut: grades(CUTS) }, 'cut', dir, page);
      check(index, stones, { color: grades(COLORS), carat: { min: 1 } }, 'color', dir, page);
      check(index, stones, { clarity: grades(CLARITIES) }, 'clarity', dir, page);
    }
  });

  it('lists only available, visible stones', () => {
    const res = index.search(toIndexQuery({ filters: {}, sort_by: 'price', sort_direction: 'asc', page_number: 1, page_size: 100 }));
    expect(res.total).toBe(stones.filter((s) => s.status === 'available' && !s.is_hidden).length);
    expect(res.total).toBeLessThan(stones.length);
  });

  it('follows a sale, a return to stock and a price change', () => {
    const rows = stones.map((s) => ({ ...s }));
    const local = buildIndex(rows);
    const live = rows.filter((s) => s.status === 'available' && !s.is_hidden);
    const [a, b, c] = [live[0]!, live[1]!, rows.find((s) => s.status === 'sold')!];
    a.status = 'sold';
    b.price_cents = 1;
    b.carat = 4.99;
    b.cut = 'Fair';
    c.status = 'available';
    local.applyBatch([a, b, c].map((s) => [s.id, s] as const));
    for (const sort of DIAMOND_SORTS) check(local, rows, {}, sort, 'asc', 1);
    check(local, rows, { cut: ['Fair'] }, 'price', 'asc', 1);
    check(local, rows, {}, 'carat', 'desc', 1);
    // A stone new to the index takes a slot of its own; one gone from the database is no longer listed.
    const added = { ...a, id: 999_999, status: 'available', price_cents: 2, carat: 5 };
    local.applyBatch([
      [added.id, added],
      [999_998, undefined],
      [b.id, undefined],
    ]);
    const after = [...rows.filter((s) => s !== b), added];
    for (const sort of DIAMOND_SORTS) check(local, after, {}, sort, 'asc', 1);
    check(local, after, {}, 'carat', 'desc', 1);
  });
});
