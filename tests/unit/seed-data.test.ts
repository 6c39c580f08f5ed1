import { describe, expect, it } from 'vitest';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { PRODUCTS, CATEGORIES } from '~/server/db/seed/catalog.ts';
import { SEED } from '~/server/db/seed/seed.ts';
import { SHAPES, COLORS, CLARITIES, LABS } from '~/features/diamonds/grades.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const inventory = (n: number, seed = 42) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => generateDiamond(rng, i, i + 1000, NOW));
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('demo diamond inventory', () => {
  const stones = inventory(20_000);

  it('is the same on every run for the same seed, and different for another seed', () => {
    expect(inventory(500)).toEqual(inventory(500));
    expect(inventory(50, 7)).not.toEqual(inventory(50, 8));
  });

  it('covers every shape, colour, clarity and lab, both origins, within 0.30–5.00 ct', () => {
    expect(new Set(stones.map((s) => s.shape))).toEqual(new Set(SHAPES));
    expect(new Set(stones.map((s) => s.color))).toEqual(new Set(COLORS));
    expect(new Set(stones.map((s) => s.clarity))).toEqual(new Set(CLARITIES));
    expect(new Set(stones.map((s) => s.lab))).toEqual(new Set(LABS));
    expect(new Set(stones.map((s) => s.origin))).toEqual(new Set(['natural', 'lab_grown']));
    for (const s of stones) {
      expect(s.carat).toBeGreaterThanOrEqual(0.3);
      expect(s.carat).toBeLessThanOrEqual(5);
      expect(Number.isInteger(s.price_cents)).toBe(true);
    }
  });

  it('makes rounds the most common shape, as in real inventories', () => {
    const rounds = stones.filter((s) => s.shape === 'round').length;
    expect(rounds / stones.length).toBeGreaterThan(0.35);
    expect(rounds / stones.length).toBeLessThan(0.55);
  });

  it('prices by the 4Cs: bigger, whiter and natural stones cost more', () => {
    const natural = stones.filter((s) => s.origin === 'natural');
    const band = (lo: number, hi: number) => natural.filter((s) => s.carat >= lo && s.carat < hi).map((s) => s.price_cents);
    expect(median(band(2, 3))).toBeGreaterThan(median(band(1, 1.2)));
    expect(median(band(1, 1.2))).toBeGreaterThan(median(band(0.5, 0.7)));
    const oneCarat = natural.filter((s) => s.carat >= 1 && s.carat < 1.2);
    const dColor = median(oneCarat.filter((s) => s.color === 'D').map((s) => s.price_cents));
    const mColor = median(oneCarat.filter((s) => s.color === 'M').map((s) => s.price_cents));
    expect(dColor).toBeGreaterThan(mColor * 2);
    const lab = median(stones.filter((s) => s.origin === 'lab_grown' && s.carat >= 1 && s.carat < 1.2).map((s) => s.price_cents));
    expect(lab).toBeLessThan(median(oneCarat.map((s) => s.price_cents)) / 2);
  });

  it('prices along real ladders (issue 32): no single price held by more than 1 % of stones; the cheapest natural 1 ct stone costs a few thousand dollars', () => {
    const seeded = inventory(20_000, SEED);
    const holders = new Map<number, number>();
    for (const s of seeded) holders.set(s.price_cents, (holders.get(s.price_cents) ?? 0) + 1);
    expect(Math.max(...holders.values())).toBeLessThanOrEqual(seeded.length / 100);
    const oneCarat = (origin: string) => seeded.filter((s) => s.origin === origin && s.carat >= 1 && s.carat < 1.1).map((s) => s.price_cents / 100);
    const cheapestNatural = Math.min(...oneCarat('natural'));
    expect(cheapestNatural).toBeGreaterThanOrEqual(2_000);
    expect(cheapestNatural).toBeLessThanOrEqual(5_000);
    // A natural 1 ct G VS2 round of good make: about $8,000–$11,000 at retail.
    const gvs2 = seeded.filter(
      (s) =>
        s.origin === 'natural' &&
        s.shape === 'round' &&
        s.color === 'G' &&
        s.clarity === 'VS2' &&
        s.carat >= 1 &&
        s.carat < 1.1 &&
        ['Ideal', 'Excellent'].includes(s.cut),
    );
    expect(median(gvs2.map((s) => s.price_cents / 100))).toBeGreaterThan(8_000);
    expect(median(gvs2.map((s) => s.price_cents / 100))).toBeLessThan(11_500);
    // Lab-grown well below natural: a 1 ct lab stone about a tenth of a natural one.
    expect(median(oneCarat('lab_grown'))).toBeLessThan(median(oneCarat('natural')) / 5);
    // Nothing at a placeholder price: the cheapest stone is a believable small one.
    expect(Math.min(...seeded.map((s) => s.price_cents))).toBeGreaterThan(100_00);
  });

  it('has lab-grown and natural stones at every size, and fancy shapes without a cut grade as GIA reports them', () => {
    const seeded = inventory(20_000, SEED);
    for (const [lo, hi] of [
      [0.3, 0.5],
      [0.5, 0.7],
      [0.7, 0.9],
      [0.9, 1],
      [1, 1.5],
      [1.5, 2],
      [2, 3],
      [3, 4],
      [4, 5.01],
    ] as const) {
      const band = seeded.filter((s) => s.carat >= lo && s.carat < hi);
      for (const origin of ['natural', 'lab_grown']) expect(band.filter((s) => s.origin === origin).length, `${origin} ${lo}–${hi} ct`).toBeGreaterThan(20);
    }
    const ungraded = seeded.filter((s) => s.cut === 'Not graded');
    expect(ungraded.length).toBeGreaterThan(0);
    for (const s of ungraded) expect(s).toMatchObject({ origin: 'natural', lab: 'GIA' });
    expect(ungraded.some((s) => s.shape === 'round')).toBe(false);
    expect(seeded.filter((s) => s.availability === 'M' || s.availability === 'STPS').length).toBeGreaterThan(0);
  });

  it('gives every stone a unique certificate number and sku', () => {
    expect(new Set(stones.map((s) => s.certificate_number)).size).toBe(stones.length);
    expect(new Set(stones.map((s) => s.sku)).size).toBe(stones.length);
  });

  it('keeps measurements consistent with the ratio', () => {
    for (const s of stones.slice(0, 500)) expect(s.length_mm / s.width_mm).toBeCloseTo(s.lw_ratio, 1);
  });
});

describe('demo jewellery', () => {
  it('has about 100 products across the five categories, at least 40 settings taking a diamond in every style', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(55);
    expect(new Set(PRODUCTS.map((p) => p.category))).toEqual(new Set(CATEGORIES.map((c) => c.slug)));
    const settings = PRODUCTS.filter((p) => p.accepts);
    expect(settings.length).toBeGreaterThanOrEqual(40);
    for (const style of ['solitaire', 'pave', 'halo', 'hidden-halo', 'three-stone', 'vintage', 'bezel', 'cathedral', 'tension']) {
      expect(
        settings.some((p) => p.style === style),
        style,
      ).toBe(true);
    }
    expect(new Set(PRODUCTS.map((p) => p.name)).size).toBe(PRODUCTS.length);
    for (const s of settings) expect(s.carat![0]!).toBeLessThan(s.carat![1]!);
  });
});

describe('demo descriptions (issue 26: words)', () => {
  it("a setting's description does not repeat the centre diamonds its page states from its data", async () => {
    const { describe: describePiece } = await import('~/server/db/seed/catalog.ts');
    for (const p of PRODUCTS.filter((x) => x.accepts)) {
      const text = describePiece(p);
      expect(text).not.toMatch(/centre diamond of/);
      expect(text.startsWith(`The ${p.name}, handcrafted`)).toBe(true);
    }
  });
});

describe('migration 0019 (issue 26)', () => {
  it("takes the seed's old centre-diamond sentence out of a setting's description, and nothing else", async () => {
    const { up } = await import('~/server/db/migrations/0019_setting_descriptions.ts');
    const { Kysely, SqliteDialect } = await import('kysely');
    const { default: SQLite } = await import('better-sqlite3');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('products').addColumn('id', 'integer').addColumn('description', 'text').addColumn('is_byo', 'integer').execute();
    const old =
      'The Cathedral Solitaire, handcrafted in our atelier in recycled precious metal. Designed to hold a centre diamond of 0.5–4 ct in round, oval, cushion, princess shapes. Free resizing within 60 days and a lifetime warranty.';
    const edited = 'An editor wrote this. Designed to hold a centre diamond you love.';
    await db
      .insertInto('products')
      .values([
        { id: 1, description: old, is_byo: 1 },
        { id: 2, description: edited, is_byo: 1 },
      ])
      .execute();
    await up(db);
    const rows = await db.selectFrom('products').select(['id', 'description']).orderBy('id').execute();
    expect(rows[0]!.description).toBe(
      'The Cathedral Solitaire, handcrafted in our atelier in recycled precious metal. Free resizing within 60 days and a lifetime warranty.',
    );
    expect(rows[1]!.description).toBe(edited);
    await db.destroy();
  });
});
