/** The listing island's first page, packed into one string prop and back (src/features/diamonds/card-pack.ts). */
import { describe, expect, it } from 'vitest';
import { packPage, unpackPage } from '~/features/diamonds/card-pack.ts';
import type { DiamondCard, DiamondPage } from '~/features/diamonds/diamond-query.ts';

const card = (over: Partial<DiamondCard> = {}): DiamondCard => ({
  id: 63,
  url: '/diamonds/63',
  shape: 'round',
  carat: 0.31,
  cut: 'Very Good',
  color: 'K',
  clarity: 'VVS2',
  lab: 'GIA',
  origin: 'lab_grown',
  image_url: '/images/diamonds/round.svg',
  formated_price: '$1,100.00',
  formated_price_per_carat: '$3,548.39',
  ...over,
});

const page = (data: DiamondCard[]): DiamondPage<DiamondCard> => ({
  data,
  meta: { page_number: 1, page_size: 24, total: data.length, total_pages: 1 },
  facets: { shape: { round: 1 } } as unknown as DiamondPage<DiamondCard>['facets'],
  histograms: { carat: { edges: [0.3, 0.4], counts: [1] }, price: { edges: [100, 200], counts: [1] } },
});

describe('packing the first page for the listing island', () => {
  it('gives back the same page, cards in order', () => {
    const cards = [card(), card({ id: 105, url: '/diamonds/105', shape: 'cushion', image_url: '/images/diamonds/cushion-107.svg', carat: 1.5 })];
    expect(unpackPage(packPage(page(cards)))).toEqual(page(cards));
  });

  it('leaves out the usual url and picture, and keeps unusual ones', () => {
    const packed = packPage(page([card(), card({ id: 7, url: '/build-your-own/diamonds/7', image_url: '/images/diamonds/oval-150.svg', shape: 'oval' })]));
    expect(packed).not.toContain('/diamonds/63');
    expect(packed).not.toContain('round.svg');
    expect(unpackPage(packed).data[1]).toMatchObject({ url: '/build-your-own/diamonds/7', image_url: '/images/diamonds/oval-150.svg' });
  });

  it('keeps values that hold the separators or a percent sign', () => {
    const odd = card({ cut: 'A|B;C', formated_price: '100%' });
    expect(unpackPage(packPage(page([odd]))).data).toEqual([odd]);
  });

  it('packs an empty page', () => {
    expect(unpackPage(packPage(page([])))).toEqual(page([]));
  });
});
