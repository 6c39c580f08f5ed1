/**
 * The fixed sizes of the diamond index (diamond-arena.ts, diamond-scan.ts) and the checks that the
 * filters declared in src/features/diamonds/grade-attributes.ts and attributes.ts fit them. The checks run when the arena
 * module loads (the server's start-up) and in tests/unit/index-limits.test.ts: a filter that does not fit
 * stops the start with a message that says what to widen, instead of silently wrong counts.
 */
import { RANGE_FILTER_KEYS, RANGE_LIST } from '~/features/diamonds/attributes.ts';
import { GRADE_LIST, type CodeWord } from '~/features/diamonds/grade-attributes.ts';
import { HIST_BUCKETS } from './diamond-histogram.ts';

/** Stones per block: bitmaps and columns come in whole blocks (two 64-bit words). */
export const BLOCK = 128;
export const BITS_PER_BYTE = 8;
export const WORD_BITS = 64;
/** JavaScript reads and writes bits 32 at a time (Uint32Array): a slot's word is slot >>> U32_SHIFT. */
export const U32_BYTES = 4;
export const U32_BITS = 32;
export const U32_SHIFT = 5;
export const U32_MASK = U32_BITS - 1;
/** A byte's values: the histogram bucket codes are bytes, so the pass counts into this many slots. */
export const BYTE_VALUES = 256;

/** Bytes before the bitmaps: the kernels' small outputs (counts at OUT_COUNTS, extremes at OUT_F64). */
export const HEAD = 4096;
export const OUT_COUNTS = 0;
export const OUT_F64 = 2048;
/** u32 counts that fit between OUT_COUNTS and OUT_F64: grades of one facet, or bucket codes. */
export const COUNT_SLOTS = (OUT_F64 - OUT_COUNTS) / U32_BYTES;

/**
 * A list filter's accepted grades travel as one JavaScript integer, a bit a grade (index-query.ts), and
 * bit operations work on 32-bit signed integers: `(1 << n) - 1` is exact up to n = 30.
 */
export const MAX_GRADES = 30;

/** Bitmaps a pass makes besides one per filter in use: the matches, the carat and price sliders' sets, a spare. */
export const PASS_BITMAPS = 4;
/** Scratch bitmaps of one pass: every filter (list and range) in use at once, and the pass's own. */
export const SCRATCH = GRADE_LIST.length + RANGE_FILTER_KEYS.length + PASS_BITMAPS;

/** The most codes a grade code word holds: 16 bits (DiamondIndex.B and the sort orders' runs are Uint16Array). */
export const MAX_WORD_CODES = 1 << 16;

interface IndexShape {
  /** The grade attributes (grade-attributes.ts): grades, code word, sort key. */
  lists: readonly { key: string; grades: readonly unknown[]; index: CodeWord; sort?: true }[];
  histogramBuckets: number;
  /** The range attributes' index columns (attributes.ts); the declared ones when absent. */
  ranges?: readonly { key: string; index: { bits: 16 | 32; scale: number }; histogram?: true }[];
}

/** The range filters with a column of doubles besides their narrow one: sort keys, histograms, extents from their sorted order. */
const EXACT_RANGES: readonly string[] = ['carat', 'price'];

/** What does not fit the index, one sentence each: what overflows, and what to widen. */
export function indexLimitProblems(shape: IndexShape = { lists: GRADE_LIST, histogramBuckets: HIST_BUCKETS }): string[] {
  const problems: string[] = [];
  const codes: Record<CodeWord, number> = { A: 2, B: 1, C: 1 };
  for (const { key, grades, index, sort } of shape.lists) {
    codes[index] *= grades.length;
    if (sort && index !== 'B') {
      problems.push(
        `Diamond grade attribute "${key}" sorts, but its grades are in code word ${index}: the sort orders rank by the B word (diamond-order.ts), so declare \`index: 'B'\` in src/features/diamonds/grade-attributes.ts.`,
      );
    }
    if (grades.length > MAX_GRADES) {
      problems.push(
        `Diamond list filter "${key}" has ${grades.length} grades, more than MAX_GRADES (${MAX_GRADES}) that one integer of accepted grades holds: ` +
          'widen PassInput.allowed (diamond-scan.ts) and index-query.ts to a bigint or a bitmap, then raise MAX_GRADES in src/server/diamonds/index-limits.ts.',
      );
    }
    if (grades.length > COUNT_SLOTS) {
      problems.push(
        `Diamond facet "${key}" has ${grades.length} grades, more than the ${COUNT_SLOTS} counts between OUT_COUNTS and OUT_F64: move OUT_F64 (and HEAD) up in src/server/diamonds/index-limits.ts.`,
      );
    }
  }
  for (const [word, n] of Object.entries(codes)) {
    if (n > MAX_WORD_CODES) {
      problems.push(
        `Diamond grade code word ${word} needs ${n} codes (its attributes' grade counts multiplied${word === 'A' ? ', times 2 for the listed flag' : ''}), more than the ${MAX_WORD_CODES} of 16 bits: ` +
          'move an attribute to another word (`index` in src/features/diamonds/grade-attributes.ts), or widen the words to Uint32Array in diamond-codes.ts and diamond-index.ts.',
      );
    }
  }
  if (shape.histogramBuckets >= BYTE_VALUES) {
    problems.push(
      `HIST_BUCKETS (${shape.histogramBuckets}) does not fit the one-byte bucket codes (at most ${BYTE_VALUES - 1}): widen caratBucket and priceBucket (diamond-arena.ts) to Uint16Array and the count_u8 kernel.`,
    );
  }
  if (BYTE_VALUES > COUNT_SLOTS)
    problems.push(
      `The ${BYTE_VALUES} bucket counts do not fit between OUT_COUNTS and OUT_F64: move OUT_F64 (and HEAD) up in src/server/diamonds/index-limits.ts.`,
    );
  for (const r of shape.ranges ?? RANGE_LIST) {
    if (!EXACT_RANGES.includes(r.key) && r.index.bits !== 16) {
      problems.push(
        `Diamond range filter "${r.key}" has a ${r.index.bits}-bit index column, but the slider ends of filters other than ${EXACT_RANGES.join(' and ')} come from the minmax_u16 kernel (Arena.extent): ` +
          'declare it 16-bit with a smaller scale in src/features/diamonds/attributes.ts, or add a minmax_u32 kernel to pass/diamond-pass.wat.',
      );
    }
    if (!(Number.isInteger(r.index.scale) && r.index.scale > 0)) {
      problems.push(
        `Diamond range filter "${r.key}" has index scale ${r.index.scale}: codes are value·scale, a whole number from 1 (src/features/diamonds/attributes.ts).`,
      );
    }
    if (r.histogram && !EXACT_RANGES.includes(r.key)) {
      problems.push(
        `Diamond range filter "${r.key}" asks for a histogram, but only ${EXACT_RANGES.join(' and ')} have bucket codes: add its bucket column to diamond-arena.ts and diamond-histogram.ts, or drop \`histogram\` in src/features/diamonds/attributes.ts.`,
      );
    }
  }
  if (OUT_F64 + 2 * 8 > HEAD) problems.push('The extremes at OUT_F64 run past HEAD: raise HEAD in src/server/diamonds/index-limits.ts.');
  return problems;
}

/** Throws at start-up when the declared filters do not fit the index. */
export function assertIndexLimits(shape?: IndexShape): void {
  const problems = indexLimitProblems(shape);
  if (problems.length) throw new Error(`The diamond index cannot hold the declared filters:\n${problems.join('\n')}`);
}
