/** The comparison: ids from the URL (first 4, repeats and junk dropped) and the best value of each row. */
import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareIds } from '~/features/compare/compare.ts';
import { compareRows, type CompareColumn } from '~/server/diamonds/diamond-compare.ts';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';

const stone = (id: number, over: Partial<Diamond>): Diamond =>
  ({
    id,
    shape: 'round',
    carat: 1,
    cut: 'Excellent',
    color: 'G',
    clarity: 'VS2',
    polish: 'Excellent',
    symmetry: 'Very Good',
    fluorescence: 'None',
    lab: 'GIA',
    certificate_number: `GIA${id}`,
    depth: 62,
    table: 57,
    lw_ratio: 1,
    measurements: { length: 6.4, width: 6.4, depth: 4 },
    price: 5000,
    formated_price: '$5,000.00',
    price_per_carat: 5000,
    formated_price_per_carat: '$5,000.00',
    ...over,
  }) as Diamond;

describe('compare', () => {
  it('reads ?ids=: whole ids in order, repeats and junk dropped, the first 4 kept', () => {
    expect(parseCompareIds('3,1,3,x,,-2,7')).toEqual({ ids: [3, 1, 7], dropped: 0 });
    expect(parseCompareIds('1,2,3,4,5,6')).toEqual({ ids: [1, 2, 3, 4], dropped: 2 });
    expect(parseCompareIds(null)).toEqual({ ids: [], dropped: 0 });
    expect(compareHref([4, 9])).toBe('/diamonds/compare?ids=4,9');
  });

  it('marks the best value of each row among stones for sale; ties all, equal rows none', () => {
    const columns: CompareColumn[] = [
      { id: 1, diamond: stone(1, { price: 4000, carat: 1.2, cut: 'Ideal', color: 'F' }) },
      { id: 2, diamond: stone(2, { price: 4000, carat: 0.9, color: 'D', fluorescence: 'Faint', depth: 61.5 }) },
      { id: 3 },
    ];
    const rows = Object.fromEntries(compareRows(columns).map((r) => [r.label, r]));
    expect(rows['Price']!.best).toEqual([false, false, false]);
    expect(rows['Carat']!.best).toEqual([true, false, false]);
    expect(rows['Cut']!.best).toEqual([true, false, false]);
    expect(rows['Colour']!.best).toEqual([false, true, false]);
    expect(rows['Fluorescence']!.best).toEqual([true, false, false]);
    expect(rows['Depth']!.best).toEqual([false, true, false]);
    expect(rows['Shape']!.best).toEqual([false, false, false]);
    expect(rows['Carat']!.values).toEqual(['1.20', '0.90', '']);
  });
});
