/**
 * The demo catalogue as the deterministic seed makes it, computed without a database: product ids and
 * their variants (ids, metals, prices), and every diamond's id, status and price. Tests use it to pick an
 * available stone, a sold one, a setting, a product with several variants...
 */
import { METALS, PRODUCTS } from '~/server/db/seed/catalog.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { SEED } from '~/server/db/seed/seed.ts';

export interface FixtureVariant {
  id: number;
  metal: string;
  ctw: number;
  price_cents: number;
}

export interface FixtureProduct {
  id: number;
  name: string;
  is_byo: boolean;
  /** A setting's accepted shapes and carat range ([] and null for other products). */
  accepts: readonly string[];
  carat: readonly [number, number] | null;
  /** A ring (`has_ring_size`): it reaches a cart only with a ring size. */
  ring: boolean;
  variants: FixtureVariant[];
}

let nextVariant = 1;
export const products: FixtureProduct[] = PRODUCTS.map((p, index) => ({
  id: index + 1,
  name: p.name,
  is_byo: Boolean(p.accepts),
  accepts: p.accepts ?? [],
  carat: p.carat ? [p.carat[0]!, p.carat[1]!] : null,
  ring: Boolean(p.ringSize),
  variants: METALS.flatMap((m) =>
    p.ctw.map((ctw) => ({ id: nextVariant++, metal: m.code, ctw, price_cents: Math.round((p.base + ctw * (p.perCarat ?? 0)) * m.factor) * 100 })),
  ),
}));

export const product = (name: string) => products.find((p) => p.name === name)!;
/** The ring size a test adds a ring with (nothing for a piece that takes none). */
export const sizeOf = (id: number): { selected_size?: string } => (products.find((p) => p.id === id)?.ring ? { selected_size: '7' } : {});
/** A product that is not a build-your-own setting and has more than one variant. */
export const plainProducts = products.filter((p) => !p.is_byo && p.variants.length > 1);
export const settings = products.filter((p) => p.is_byo);

export function seededDiamonds(count: number) {
  const rng = createRng(SEED);
  const first = PRODUCTS.length + 1;
  return Array.from({ length: count }, (_, i) => generateDiamond(rng, i, first + i, '2026-01-01T00:00:00.000Z')).map((d) => ({
    id: d.id,
    sku: d.sku,
    shape: d.shape,
    carat: d.carat,
    status: d.status,
    is_hidden: d.is_hidden,
    price_cents: d.price_cents,
    available: d.status === 'available' && d.is_hidden === 0,
  }));
}

/** Whether a setting holds a stone (its shape and carat range): the build-your-own rule. */
export const fits = (setting: FixtureProduct) => (stone: { shape: string; carat: number }) =>
  setting.accepts.includes(stone.shape) && setting.carat !== null && stone.carat >= setting.carat[0] && stone.carat <= setting.carat[1];
