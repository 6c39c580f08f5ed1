/**
 * The diamond index's fixed sizes against the filters declared in src/features/diamonds/diamond-query.ts:
 * the declared filters fit, and a filter that would not fit is refused with a message naming what to
 * widen (the same check stops the server's start-up: diamond-arena.ts).
 */
import { describe, expect, it } from 'vitest';
import { LIST_FILTERS, RANGE_FILTER_KEYS } from '~/features/diamonds/diamond-query.ts';
import { RANGE_LIST } from '~/features/diamonds/attributes.ts';
import { HIST_BUCKETS } from '~/server/diamonds/diamond-histogram.ts';
import { assertIndexLimits, indexLimitProblems, MAX_GRADES, PASS_BITMAPS, SCRATCH } from '~/server/diamonds/index-limits.ts';

const grades = (n: number) => Array.from({ length: n }, (_, i) => `g${i}`);

describe('diamond index limits', () => {
  it('holds every declared filter', () => {
    expect(indexLimitProblems()).toEqual([]);
    expect(() => assertIndexLimits()).not.toThrow();
  });

  it('has a scratch bitmap for every filter in use at once, and the pass its own', () => {
    expect(SCRATCH).toBe(Object.keys(LIST_FILTERS).length + RANGE_FILTER_KEYS.length + PASS_BITMAPS);
  });

  it('refuses a list filter with more grades than one integer holds, saying what to widen', () => {
    const lists = { ...LIST_FILTERS, girdle: grades(MAX_GRADES + 1) };
    expect(() => assertIndexLimits({ lists, histogramBuckets: HIST_BUCKETS })).toThrow(
      /"girdle" has 31 grades, more than MAX_GRADES \(30\).*widen PassInput\.allowed/,
    );
    expect(indexLimitProblems({ lists: { ...LIST_FILTERS, girdle: grades(MAX_GRADES) }, histogramBuckets: HIST_BUCKETS })).toEqual([]);
  });

  it('refuses a range filter whose index column the pass cannot read, saying what to change', () => {
    const shape = (range: { key: string; index: { bits: 16 | 32; scale: number }; histogram?: true }) => ({
      lists: LIST_FILTERS,
      histogramBuckets: HIST_BUCKETS,
      ranges: [...RANGE_LIST, range],
    });
    expect(indexLimitProblems(shape({ key: 'crown_angle', index: { bits: 16, scale: 100 } }))).toEqual([]);
    expect(() => assertIndexLimits(shape({ key: 'crown_angle', index: { bits: 32, scale: 100 } }))).toThrow(
      /"crown_angle" has a 32-bit index column.*minmax_u16.*declare it 16-bit/,
    );
    expect(indexLimitProblems(shape({ key: 'crown_angle', index: { bits: 16, scale: 0.5 } }))).toEqual([
      expect.stringMatching(/"crown_angle" has index scale 0.5/),
    ]);
    expect(indexLimitProblems(shape({ key: 'crown_angle', index: { bits: 16, scale: 100 }, histogram: true }))).toEqual([
      expect.stringMatching(/"crown_angle" asks for a histogram, but only carat and price/),
    ]);
  });

  it('refuses more histogram buckets than a byte codes', () => {
    expect(indexLimitProblems({ lists: LIST_FILTERS, histogramBuckets: 256 })).toEqual([
      expect.stringMatching(/^HIST_BUCKETS \(256\) does not fit the one-byte bucket codes.*widen caratBucket/),
    ]);
  });
});
