/**
 * How the in-memory index packs a stone's grades into three small integers (its grade bitmaps,
 * diamond-arena.ts, follow them):
 *   A = dead·80 + shape·8 + origin·4 + lab          (0…159; dead = sold, reserved or hidden)
 *   B = cut·90 + colour·9 + clarity                 (0…539; cut 5 is 'Not graded')
 *   C = polish·20 + symmetry·5 + fluorescence       (0…79)
 * A grade's number is its position in the vocabulary (grades.ts), best first, which is also its rank
 * when sorting by cut, colour or clarity.
 */
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCES, LABS, ORIGINS, SHAPES } from '~/features/diamonds/grades.ts';
import type { ListFilterKey } from '~/features/diamonds/diamond-query.ts';

export const A_SIZE = 160;
export const A_LIVE = 80;
export const B_SIZE = 540;
export const C_SIZE = 80;

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
  const [shape, origin, lab, cut, color, clarity, polish, symmetry, fluorescence] = codes as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [(live ? 0 : A_LIVE) + shape * 8 + origin * 4 + lab, cut * 90 + color * 9 + clarity, polish * 20 + symmetry * 5 + fluorescence];
}

/** The grade numbers inside the codes. */
export const decodeA = (a: number) => ({ shape: (a % A_LIVE) >> 3, origin: (a >> 2) & 1, lab: a & 3 });
export const decodeB = (b: number) => ({ cut: Math.floor(b / 90), color: Math.floor(b / 9) % 10, clarity: b % 9 });
export const decodeC = (c: number) => ({ polish: Math.floor(c / 20), symmetry: Math.floor(c / 5) % 4, fluorescence: c % 5 });
