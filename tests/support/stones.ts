/**
 * The API suites' diamonds on the shared servers (tests/api/global-setup.ts). Every file that adds,
 * orders, sells or looks at particular stones takes them from its own share, named in this one table and
 * laid out one after another in its order, so that no two files can meet on a stone by construction,
 * whatever Vitest runs at the same time. A file that needs a stone beyond its share fails at once, every
 * run (the seed is deterministic): make its share larger here. Files on a server of their own
 * (catalog-diamonds, checkout-crash, page-cache) need no share.
 */
import { seededDiamonds } from './catalog-fixtures.ts';

export type Stone = ReturnType<typeof seededDiamonds>[number];

/** The available, visible stones of the seeded inventory (3,000 stones), in id order. */
const available = seededDiamonds(3000).filter((d) => d.available);

const SHARES = {
  'catalog-pages': 1,
  'cart-add': 60,
  'cart-change': 120,
  wishlist: 140,
  byo: 300,
  'checkout-integrity': 40,
  checkout: 40,
  'ring-size': 10,
  tax: 30,
} as const;

export type Share = keyof typeof SHARES;

/** A file's own stones, in id order. */
export function stonesOf(share: Share): Stone[] {
  const names = Object.keys(SHARES) as Share[];
  const from = names.slice(0, names.indexOf(share)).reduce((n, name) => n + SHARES[name], 0);
  const stones = available.slice(from, from + SHARES[share]);
  if (stones.length < SHARES[share]) throw new Error(`the seeded inventory has too few available stones for the share ${share}`);
  return stones;
}

/** Hands out the given stones one at a time, each once; running out is an error naming the share. */
export function picker(share: Share, stones: Stone[] = stonesOf(share)): () => Stone {
  let next = 0;
  return () => {
    const stone = stones[next++];
    if (!stone) throw new Error(`the stone share ${share} is used up: make it larger in tests/support/stones.ts`);
    return stone;
  };
}
