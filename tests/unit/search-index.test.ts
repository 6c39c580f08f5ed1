/** The jewellery search index without a database: its reading of words, typos and synonyms. */
import { describe, expect, it } from 'vitest';
import { CATEGORIES, METALS, PRODUCTS, describe as describePiece } from '~/server/db/seed/catalog.ts';
import { JewellerySearchIndex } from '~/server/search/search-index.ts';
import type { SearchDocument } from '~/server/search/search-documents.repository.ts';

const docs: SearchDocument[] = PRODUCTS.map((p, i) => ({
  id: i + 1,
  sku: `P-${String(i + 1).padStart(4, '0')}`,
  name: p.name,
  description: describePiece(p),
  category_slug: p.category,
  category_name: CATEGORIES.find((c) => c.slug === p.category)!.name,
  category_description: '',
  style: p.style,
  design: p.design,
  price_cents: p.base * 100,
  metals: METALS.map((m) => ({ code: m.code, name: m.name, min_cents: p.base * 100 })),
  max_ctw: Math.max(...p.ctw),
  is_byo: Boolean(p.accepts),
  accepted_shapes: [...(p.accepts ?? [])],
}));

describe('jewellery search index', () => {
  const index = new JewellerySearchIndex(docs);
  const names = (q: string) => index.search(index.parse(q)).map((r) => r.doc.name);

  it('builds the demo catalogue in a few milliseconds', () => {
    const started = performance.now();
    for (let i = 0; i < 10; i++) new JewellerySearchIndex(docs);
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });

  it('corrects one wrong letter in a word of 4 to 7 letters and two from 8, never a short word', () => {
    expect(index.parse('platnum')).toEqual([{ typed: 'platnum', corrected: 'platinum', terms: ['platinum'] }]);
    expect(index.parse('enagement')[0]).toMatchObject({ corrected: 'engagement' });
    expect(index.parse('braclet')[0]).toMatchObject({ corrected: 'bracelet' });
    expect(index.parse('rng')[0]).toEqual({ typed: 'rng', terms: [] });
    expect(index.parse('xqzvwk')[0]).toEqual({ typed: 'xqzvwk', terms: [] });
  });

  it('a word it cannot read makes the whole query find nothing, and "any" finds the closest', () => {
    expect(names('platinum xqzvwk')).toEqual([]);
    expect(index.search(index.parse('platinum xqzvwk'), 'any').length).toBe(PRODUCTS.length);
  });

  it('reads stems and synonyms: "bands", "bridal", "pink gold", "studs"', () => {
    expect(names('bands').length).toBe(PRODUCTS.filter((p) => p.category === 'wedding-bands').length);
    expect(names('bridal').sort()).toEqual(
      PRODUCTS.filter((p) => p.category === 'engagement-rings')
        .map((p) => p.name)
        .sort(),
    );
    expect(names('pink gold')).toEqual(names('rose gold'));
    expect(names('studs').every((n) => PRODUCTS.find((p) => p.name === n)!.category === 'earrings')).toBe(true);
  });
});
