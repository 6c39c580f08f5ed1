/**
 * The diamond index's fixed sizes against the filters declared in src/features/diamonds/grade-attributes.ts and attributes.ts:
 * the declared filters fit, and a filter that would not fit is refused with a message naming what to
 * widen (the same check stops the server's start-up: diamond-arena.ts).
 */
import { describe, expect, it } from 'vitest';
import { RANGE_FILTER_KEYS, RANGE_LIST } from '~/features/diamonds/attributes.ts';
import { GRADE_LIST } from '~/features/diamonds/grade-attributes.ts';
import { HIST_BUCKETS } from '~/server/diamonds/diamond-histogram.ts';
import { assertIndexLimits, indexLimitProblems, MAX_GRADES, PASS_BITMAPS, SCRATCH } from '~/server/diamonds/index-limits.ts';

const grades = (n: number) => Array.from({ length: n }, (_, i) => `g${i}`);

describe('diamond index limits', () => {
  it('holds every declared filter', () => {
    expect(indexLimitProblems()).toEqual([]);
    expect(() => assertIndexLimits()).not.toThrow();
  });

  it('has a scratch bitmap for every filter in use at once, and the pass its own', () => {
    expect(SCRATCH).toBe(GRADE_LIST.length + RANGE_FILTER_KEYS.length + PASS_BITMAPS);
  });

  it('refuses a list filter with more grades than one integer holds, saying what to widen', () => {
    const lists = [...GRADE_LIST, { key: 'girdle', grades: grades(MAX_GRADES + 1), index: 'C' as const }];
    expect(() => assertIndexLimits({ lists, histogramBuckets: HIST_BUCKETS })).toThrow(
      /"girdle" has 31 grades, more than MAX_GRADES \(30\).*widen PassInput\.allowed/,
    );
    expect(indexLimitProblems({ lists: [...GRADE_LIST, { key: 'girdle', grades: grades(MAX_GRADES), index: 'C' }], histogramBuckets: HIST_BUCKETS })).toEqual(
      [],
    );
  });

  it('refuses a code word past 16 bits and a sort key outside B, saying what to move', () => {
    const girdle = (index: 'A' | 'B' | 'C', n = 8, sort?: true) => ({
      lists: [...GRADE_LIST, { key: 'girdle', grades: grades(n), index, ...(sort && { sort }) }],
      histogramBuckets: HIST_BUCKETS,
    });
    expect(indexLimitProblems(girdle('C'))).toEqual([]);
    // B holds 540 codes today: 30 grades more make 16 200; 30 × 30 more do not fit.
    expect(indexLimitProblems(girdle('B', 30))).toEqual([]);
    expect(indexLimitProblems({ lists: [...girdle('B', 30).lists, { key: 'culet', grades: grades(30), index: 'B' }], histogramBuckets: HIST_BUCKETS })).toEqual(
      [expect.stringMatching(/code word B needs 486000 codes.*move an attribute to another word/)],
    );
    expect(indexLimitProblems(girdle('C', 8, true))).toEqual([expect.stringMatching(/"girdle" sorts, but its grades are in code word C.*index: 'B'/)]);
  });

  it('refuses a range filter whose index column the pass cannot read, saying what to change', () => {
    const shape = (range: { key: string; index: { bits: 16 | 32; scale: number }; histogram?: true }) => ({
      lists: GRADE_LIST,
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
    expect(indexLimitProblems({ lists: GRADE_LIST, histogramBuckets: 256 })).toEqual([
      expect.stringMatching(/^HIST_BUCKETS \(256\) does not fit the one-byte bucket codes.*widen caratBucket/),
    ]);
  });
});
