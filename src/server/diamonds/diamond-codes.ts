/**
 * How the in-memory index packs a stone's grades into three small integers, so that one table lookup
 * per code tells which filters a stone fails:
 *   A = dead·80 + shape·8 + origin·4 + lab          (0…159; dead = sold, reserved or hidden)
 *   B = cut·90 + colour·9 + clarity                 (0…449)
 *   C = polish·20 + symmetry·5 + fluorescence       (0…79)
 * A grade's number is its position in the vocabulary (grades.ts), best first, which is also its rank
 * when sorting by cut, colour or clarity.
 */
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCES, LABS, ORIGINS, SHAPES } from '~/features/diamonds/grades.ts';
import type { ListFilterKey, RangeFilterKey } from '~/features/diamonds/diamond-query.ts';

export const A_SIZE = 160;
export const A_LIVE = 80;
export const B_SIZE = 450;
export const C_SIZE = 80;

/** Bit of each filter group in a stone's failure mask. */
export const BIT = {
  shape: 0,
  origin: 1,
  lab: 2,
  cut: 3,
  color: 4,
  clarity: 5,
  polish: 6,
  symmetry: 7,
  fluorescence: 8,
  carat: 9,
  price: 10,
  depth: 11,
  table: 12,
  lw_ratio: 13,
} as const satisfies Record<ListFilterKey | RangeFilterKey, number>;
export const GROUPS = 14;
/** Histogram slots: 0 = matches every filter, g+1 = fails only group g, 15 = fails two or more. */
export const SLOTS = 16;
export const TRASH = 15;

const position = (list: readonly string[]) => new Map(list.map((v, i) => [v, i]));
export const CODE = {
  shape: position(SHAPES),
  origin: position(ORIGINS),
  lab: position(LABS),
  cut: position(CUTS),
  color: position(COLORS),
  clarity: position(CLARITIES),
  polish: position(FINISHES),
  symmetry: position(FINISHES),
  fluorescence: position(FLUORESCENCES),
} satisfies Record<ListFilterKey, Map<string, number>>;

export interface GradedStone {
  shape: string;
  origin: string;
  lab: string;
  cut: string;
  color: string;
  clarity: string;
  polish: string;
  symmetry: string;
  fluorescence: string;
}

/** The three codes of a stone, or undefined when a grade is outside the vocabulary (then it is never listed). */
export function encode(s: GradedStone, live: boolean): [number, number, number] | undefined {
  const c = (key: ListFilterKey) => CODE[key].get(s[key]) ?? -1;
  const codes = [c('shape'), c('origin'), c('lab'), c('cut'), c('color'), c('clarity'), c('polish'), c('symmetry'), c('fluorescence')];
  if (codes.some((n) => n < 0)) return undefined;
  const [shape, origin, lab, cut, color, clarity, polish, symmetry, fluorescence] = codes as [number, number, number, number, number, number, number, number, number];
  return [(live ? 0 : A_LIVE) + shape * 8 + origin * 4 + lab, cut * 90 + color * 9 + clarity, polish * 20 + symmetry * 5 + fluorescence];
}

/** The grade numbers inside the codes. */
export const decodeA = (a: number) => ({ shape: (a % A_LIVE) >> 3, origin: (a >> 2) & 1, lab: a & 3 });
export const decodeB = (b: number) => ({ cut: Math.floor(b / 90), color: Math.floor(b / 9) % 10, clarity: b % 9 });
export const decodeC = (c: number) => ({ polish: Math.floor(c / 20), symmetry: Math.floor(c / 5) % 4, fluorescence: c % 5 });

/**
 * Lookup tables from code to failure bits for one query. `allowed` holds, per list filter in use, a
 * bit set of the accepted grade numbers. A dead stone fails two groups at once, so it lands in TRASH.
 */
export function failureTables(allowed: Partial<Record<ListFilterKey, number>>) {
  const fails = (key: ListFilterKey, n: number) => (allowed[key] === undefined || (allowed[key]! >> n) & 1 ? 0 : 1 << BIT[key]);
  const tA = new Uint16Array(A_SIZE);
  for (let a = 0; a < A_SIZE; a++) {
    const { shape, origin, lab } = decodeA(a);
    tA[a] = a >= A_LIVE ? (1 << BIT.shape) | (1 << BIT.origin) : fails('shape', shape) | fails('origin', origin) | fails('lab', lab);
  }
  const tB = new Uint16Array(B_SIZE);
  for (let b = 0; b < B_SIZE; b++) {
    const { cut, color, clarity } = decodeB(b);
    tB[b] = fails('cut', cut) | fails('color', color) | fails('clarity', clarity);
  }
  const tC = new Uint16Array(C_SIZE);
  for (let c = 0; c < C_SIZE; c++) {
    const { polish, symmetry, fluorescence } = decodeC(c);
    tC[c] = fails('polish', polish) | fails('symmetry', symmetry) | fails('fluorescence', fluorescence);
  }
  return { tA, tB, tC, useC: allowed.polish !== undefined || allowed.symmetry !== undefined || allowed.fluorescence !== undefined };
}

/**
 * Rows of the carat × price histogram a stone counts in: every filter passed, all but carat, all but
 * price; the rest. A stone's row is also all the pass keeps of it (the index's M column): a page lists
 * row 0, the carat slider's extent is rows 0 and ROW_CARAT, the price slider's rows 0 and ROW_PRICE.
 */
export const HIST_ROWS = 4;
export const ROW_CARAT = 1;
export const ROW_PRICE = 2;
export const HIST_DISCARD = 3;

/**
 * Failure mask → its facet slot (0 match, g+1 only group g failed, TRASH otherwise) in the low 4 bits and
 * its row of the carat × price histogram (0 match, 1 only carat failed, 2 only price failed, HIST_DISCARD
 * otherwise) above them: one lookup per stone gives both. PASS_TRASH: a stone counted nowhere.
 */
export const PASS_OF = (() => {
  const t = new Uint8Array(1 << GROUPS).fill(TRASH | (HIST_DISCARD << 4));
  t[0] = 0;
  for (let g = 0; g < GROUPS; g++) t[1 << g] = g + 1 + (HIST_DISCARD << 4);
  t[1 << BIT.carat] = BIT.carat + 1 + (ROW_CARAT << 4);
  t[1 << BIT.price] = BIT.price + 1 + (ROW_PRICE << 4);
  return t;
})();
export const PASS_TRASH = TRASH | (HIST_DISCARD << 4);
