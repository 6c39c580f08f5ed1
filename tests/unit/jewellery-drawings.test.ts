/** every design × metal × view is a valid SVG; designs differ; metals differ only in their paint. */
import { gzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { METAL_CODES } from '~/features/products/metals.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';
import { DESIGN_CODES, VIEWS, defaultStone, drawJewellery, jewelleryAlt } from '~/server/images/jewellery/index.ts';
import { metalPaints } from '~/server/images/jewellery/parts.ts';
import { JEWELLERY_KINDS, jewellerySvg } from '~/server/images/jewellery-svg.ts';
import { diamondSvg } from '~/server/images/diamond-svg.ts';
import { productImageUrl } from '~/server/products/product-images.ts';

const parser = new XMLParser({ ignoreAttributes: false });
const valid = (svg: string) => {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = parser.parse(svg);
  expect(doc.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
  expect(doc.svg['@_role']).toBe('img');
};
/** The drawing without its metal paints and its label (which names the metal). */
const unpainted = (svg: string, metal: (typeof METAL_CODES)[number]) => svg.replace(metalPaints(metal), '').replace(/aria-label="[^"]*"/, '');

describe('jewellery drawings', () => {
  it('every design in every metal from every view is valid SVG of at most 12 KB gzipped, labelled with its metal and view', () => {
    let largest = 0;
    for (const design of DESIGN_CODES)
      for (const metal of METAL_CODES)
        for (const view of VIEWS) {
          const svg = drawJewellery(design, metal, view);
          valid(svg);
          expect(svg).toMatch(new RegExp(`aria-label="[^"]*${view === 'angled' ? 'three-quarter' : view} view`));
          largest = Math.max(largest, gzipSync(svg).length);
        }
    expect(largest).toBeLessThanOrEqual(12 * 1024);
    // Some 60 designs × 4 metals × every view, each validated: seconds of work on a busy machine.
  }, 30_000);

  it('different designs are different pictures, from every view', () => {
    for (const view of VIEWS) {
      const seen = new Map<string, string>();
      for (const design of DESIGN_CODES) {
        const body = unpainted(drawJewellery(design, 'platinum', view), 'platinum');
        const twin = [...seen].find(([, b]) => b === body);
        // Two seeded products may share a design (lab-grown and natural studs); two designs never share a picture.
        expect(twin?.[0], `${design} ${view}`).toBeUndefined();
        seen.set(design, body);
      }
    }
  });

  it('the same design in different metals differs only in the metal paint', () => {
    for (const design of DESIGN_CODES)
      for (const view of VIEWS) {
        const [first, ...others] = METAL_CODES.map((m) => [m, drawJewellery(design, m, view)] as const) as [
          readonly [(typeof METAL_CODES)[number], string],
          ...(readonly [(typeof METAL_CODES)[number], string])[],
        ];
        for (const [metal, svg] of others) {
          expect(svg).not.toBe(first[1]);
          expect(unpainted(svg, metal)).toBe(unpainted(first[1], first[0]));
        }
      }
  });

  it('a setting holds any shape, and a bigger stone is drawn bigger', () => {
    for (const shape of SHAPES) valid(drawJewellery('pave-halo', '14k_yellow_gold', 'front', defaultStone(shape)));
    const small = drawJewellery('four-prong-solitaire', 'platinum', 'front', { shape: 'round', lengthMm: 5.1, widthMm: 5.1 });
    const big = drawJewellery('four-prong-solitaire', 'platinum', 'front', { shape: 'round', lengthMm: 9.3, widthMm: 9.3 });
    expect(small).not.toBe(big);
  });

  it('keeps the first signatures: jewellerySvg(kind, metal), diamondSvg(shape), productImageUrl(category, style, metal)', () => {
    for (const kind of JEWELLERY_KINDS) valid(jewellerySvg(kind, 'platinum'));
    for (const shape of SHAPES) {
      valid(diamondSvg(shape));
      valid(diamondSvg(shape, 1.6));
    }
    expect(diamondSvg('oval', 1.2)).not.toBe(diamondSvg('oval', 1.6));
    expect(productImageUrl('engagement-rings', 'halo', '14k_yellow_gold')).toBe('/images/jewellery/pave-halo--14k_yellow_gold--angled.svg');
    expect(
      productImageUrl('engagement-rings', 'solitaire', 'platinum', { design: 'east-west', view: 'front', stone: { shape: 'oval', length: 8.12, width: 5.45 } }),
    ).toBe('/images/jewellery/east-west--platinum--front--oval-812x545.svg');
  });
});

describe('picture descriptions (issue 26: words)', () => {
  it('a plain gold hoop is described without diamonds; a diamond hoop with them', () => {
    expect(jewelleryAlt('gold-hoops', '14k_yellow_gold', 'angled')).toBe('Plain hoop earrings in 14K Yellow Gold, angled three-quarter view');
    expect(jewelleryAlt('gold-hoops', '14k_yellow_gold', 'angled')).not.toMatch(/diamond/i);
    expect(jewelleryAlt('huggie-hoops', '14k_yellow_gold', 'angled')).toMatch(/round diamonds$/);
  });
});
