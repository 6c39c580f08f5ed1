/**
 * The index's carat and price histograms against a plain count over the same stones: every other filter
 * applied, edges on the sliders' steps, and both following sales and price changes.
 */
import { describe, expect, it } from 'vitest';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { DiamondIndex, isLive, type IndexRow } from '~/server/diamonds/diamond-index.ts';
import { bucketOf, linearEdges, logEdges } from '~/server/diamonds/diamond-histogram.ts';
import { toIndexQuery } from '~/server/diamonds/diamonds.service.ts';
import type { DiamondFilters } from '~/features/diamonds/diamond-query.ts';

const rng = createRng(11);
const stones: IndexRow[] = Array.from({ length: 2000 }, (_, i) => {
  const d = generateDiamond(rng, i, 10 + i, '2026-01-01T00:00:00.000Z');
  return { ...d, id: d.id!, is_hidden: d.is_hidden ?? 0, status: d.status ?? 'available' } as IndexRow;
});
const build = (rows: IndexRow[]) => {
  const index = new DiamondIndex(rows.length);
  for (const r of rows) index.add(r);
  return index.seal();
};
const search = (index: DiamondIndex, filters: DiamondFilters) =>
  index.search(toIndexQuery({ filters, sort_by: 'price', sort_direction: 'asc', page_number: 1, page_size: 24 }));

function expected(rows: IndexRow[], edges: number[], key: 'carat' | 'price_cents', keep: (s: IndexRow) => boolean) {
  const live = rows.filter((s) => isLive(s) && keep(s));
  return edges.slice(1).map((_, k) => live.filter((s) => bucketOf(edges, s[key]) === k).length);
}

describe('diamond histograms', () => {
  it('makes strictly ascending edges: linear for carat, logarithmic for price', () => {
    expect(linearEdges(0.3, 5.3, 4)).toEqual([0.3, 1.55, 2.8, 4.05, 5.3]);
    expect(logEdges(10_000, 160_000, 4)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(logEdges(100, 103, 40)).toEqual([100, 101, 102, 103]);
    expect(linearEdges(1, 1)).toEqual([1, 1]);
    expect(bucketOf([0, 10, 20, 30], 0)).toBe(0);
    expect(bucketOf([0, 10, 20, 30], 10)).toBe(1);
    expect(bucketOf([0, 10, 20, 30], 30)).toBe(2);
    expect(bucketOf([1, 1], 1)).toBe(0);
  });

  it('counts each histogram with every other filter applied', () => {
    const index = build(stones);
    const filters: DiamondFilters = { shape: ['round', 'oval'], carat: { min: 0.7, max: 1.5 }, price: { max: 9000 }, color: ['E', 'F', 'G'] };
    const r = search(index, filters);
    const { carat, price } = r.histograms;
    expect(carat.counts).toHaveLength(40);
    expect(price.counts).toHaveLength(40);
    const base = (s: IndexRow) => ['round', 'oval'].includes(s.shape) && ['E', 'F', 'G'].includes(s.color);
    expect(carat.counts).toEqual(expected(stones, carat.edges, 'carat', (s) => base(s) && s.price_cents <= 900_000));
    expect(price.counts).toEqual(expected(stones, price.edges, 'price_cents', (s) => base(s) && s.carat >= 0.7 && s.carat <= 1.5));
    const live = stones.filter(isLive);
    expect(carat.edges[0]).toBe(Math.floor(Math.min(...live.map((s) => s.carat)) * 100) / 100);
    expect(price.edges.at(-1)).toBe(Math.ceil(Math.max(...live.map((s) => s.price_cents)) / 1000) * 1000);
  });

  it('follows a sale and a price change; the edges stay while the extent does', () => {
    const index = build(stones);
    const before = search(index, {}).histograms;
    const sold = stones.find((s) => isLive(s) && s.carat > 1.2 && s.carat < 1.4)!;
    index.delist(sold.id);
    const after = search(index, {}).histograms;
    expect(after.carat.edges).toEqual(before.carat.edges);
    const k = bucketOf(before.carat.edges, sold.carat);
    expect(after.carat.counts[k]).toBe(before.carat.counts[k]! - 1);
    const moved = stones.find((s) => isLive(s) && s.id !== sold.id && s.price_cents > 300_000 && s.price_cents < 400_000)!;
    index.applyBatch([[moved.id, { ...moved, price_cents: 150_000 }]]);
    const priced = search(index, {}).histograms.price;
    expect(priced.edges).toEqual(before.price.edges);
    expect(priced.counts[bucketOf(priced.edges, 150_000)]).toBe(after.price.counts[bucketOf(priced.edges, 150_000)]! + 1);
    expect(priced.counts[bucketOf(priced.edges, moved.price_cents)]).toBe(after.price.counts[bucketOf(priced.edges, moved.price_cents)]! - 1);
  });

  it('answers empty histograms when no stone is listed', () => {
    const index = build(stones.slice(0, 3).map((s) => ({ ...s, status: 'sold' })));
    expect(search(index, {}).histograms).toEqual({ carat: { edges: [], counts: [] }, price: { edges: [], counts: [] } });
  });
});
