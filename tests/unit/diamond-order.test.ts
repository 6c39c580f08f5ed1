/**
 * The index's sort orders, built from packed keys in steps (sorted pieces merged pass by pass, so a
 * rebuild can pause every few milliseconds), equal sorting the slots with the comparators, on an
 * inventory big enough for several pieces and merge passes, ties included.
 */
import { describe, expect, it } from 'vitest';
import { DIAMOND_SORTS } from '~/features/diamonds/diamond-query.ts';
import { comparator, sortOrders, sortOrdersAsync } from '~/server/diamonds/diamond-order.ts';
import { DiamondIndex, type IndexRow } from '~/server/diamonds/diamond-index.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';

function inventory(n: number): DiamondIndex {
  const rng = createRng(7);
  const index = new DiamondIndex(n);
  for (let i = 0; i < n; i++) {
    const d = generateDiamond(rng, i, i + 1, '2026-01-01T00:00:00.000Z');
    // Every seventh stone shares a price with its neighbour: ties go to the id.
    const row = { ...d, id: i + 1, status: 'available', is_hidden: 0, price_cents: i % 7 === 0 ? 500_000 : d.price_cents } as IndexRow;
    index.add(row);
  }
  return index;
}

describe('the sort orders', () => {
  const index = inventory(150_000);

  it('equal the comparators in every sort, synchronously and in steps', { timeout: 60_000 }, async () => {
    const sync = sortOrders(index);
    let pauses = 0;
    const stepped = await sortOrdersAsync(index, async () => void pauses++);
    for (const sort of DIAMOND_SORTS) {
      const expected = Uint32Array.from({ length: index.size }, (_, i) => i).sort(comparator(index, sort));
      expect(sync[sort], sort).toEqual(expected);
      expect(stepped[sort], sort).toEqual(expected);
    }
    // Dozens of pauses per order: no step sorts or walks the whole inventory at once.
    expect(pauses).toBeGreaterThan(DIAMOND_SORTS.length * 10);
  });

  it('a staged batch merged in steps leaves the same orders as sorting everything again', { timeout: 60_000 }, () => {
    index.seal();
    const rng = createRng(11);
    const batch: [number, IndexRow][] = [];
    for (let k = 0; k < 3000; k++) {
      const slot = Math.floor(rng() * index.size);
      const id = index.ids[slot]!;
      if (batch.some(([b]) => b === id)) continue;
      const d = generateDiamond(rng, k, id, '2026-01-01T00:00:00.000Z');
      batch.push([id, { ...d, id, status: 'available', is_hidden: 0 } as IndexRow]);
    }
    for (let k = 0; k < 2000; k++) {
      const id = 1_000_000 + k;
      const d = generateDiamond(rng, k, id, '2026-01-01T00:00:00.000Z');
      batch.push([id, { ...d, id, status: 'available', is_hidden: 0 } as IndexRow]);
    }
    const staged = index.stage(batch);
    let steps = 0;
    while (!staged.steps.next().done) steps++;
    expect(index.commit(staged)).toBe(true);
    expect(steps).toBeGreaterThan(DIAMOND_SORTS.length * 2);
    for (const sort of DIAMOND_SORTS) {
      const expected = Uint32Array.from({ length: index.size }, (_, i) => i).sort(comparator(index, sort));
      expect(index.orders[sort], sort).toEqual(expected);
    }
  });
});
