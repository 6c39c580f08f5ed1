/**
 * How the in-memory index packs a stone's grades into three small integers, each grade attribute a digit
 * of the word its entry names (grade-attributes.ts `index`), in declaration order, the last the lowest:
 *   A = dead·80 + shape·8 + origin·4 + lab          (0…159; dead = sold, reserved or hidden)
 *   B = cut·90 + colour·9 + clarity                 (0…539; cut 5 is 'Not graded')
 *   C = polish·20 + symmetry·5 + fluorescence       (0…79)
 * (the values for today's entries). A grade's number is its position in its attribute's grades, best
 * first, which is also its rank when sorting: the sort keys live in B, which the sort orders carry.
 * The words' sizes follow the entries; index-limits.ts refuses a word past 16 bits.
 */
import { GRADE_LIST, type CodeWord, type GradeKey } from '~/features/diamonds/grade-attributes.ts';

export const CODE_WORDS: readonly CodeWord[] = ['A', 'B', 'C'];

/** The attributes of each word, highest digit first, and each one's place value. */
export const WORD_DIGITS = Object.fromEntries(
  CODE_WORDS.map((word) => {
    const keys = GRADE_LIST.filter((a) => a.index === word);
    let place = 1;
    const digits: { key: GradeKey; size: number; place: number }[] = [];
    for (const a of [...keys].reverse()) {
      digits.unshift({ key: a.key, size: a.grades.length, place });
      place *= a.grades.length;
    }
    return [word, digits];
  }),
) as Record<CodeWord, { key: GradeKey; size: number; place: number }[]>;

/** The values of a word's grades: the product of its attributes' grade counts. */
const span = (word: CodeWord) => WORD_DIGITS[word].reduce((n, d) => n * d.size, 1);
/** A's codes from A_LIVE up are the same grades on a stone that is not listed. */
export const A_LIVE = span('A');
export const A_SIZE = 2 * A_LIVE;
export const B_SIZE = span('B');
export const C_SIZE = span('C');
/** Each word's number of codes. */
export const WORD_SIZE: Record<CodeWord, number> = { A: A_SIZE, B: B_SIZE, C: C_SIZE };

/** The typed array that holds a word's codes: bytes while they fit, else 16 bits (index-limits.ts refuses more). */
export const codeArray = (word: CodeWord): typeof Uint8Array | typeof Uint16Array => (WORD_SIZE[word] <= 256 ? Uint8Array : Uint16Array);

const position = (list: readonly string[]) => new Map(list.map((v, i) => [v, i]));
/** Each grade's number, per attribute. */
export const CODE = Object.fromEntries(GRADE_LIST.map((a) => [a.key, position(a.grades)])) as Record<GradeKey, Map<string, number>>;

/** A stone's grades, by attribute. */
export type GradedStone = Record<GradeKey, string>;

/** The codes of a stone, or undefined when a grade is outside its attribute's grades (then it is never listed). */
export function encode(s: GradedStone, live: boolean): [number, number, number] | undefined {
  const codes: number[] = [];
  for (const word of CODE_WORDS) {
    let code = 0;
    for (const d of WORD_DIGITS[word]) {
      const n = CODE[d.key].get(s[d.key]);
      if (n === undefined) return undefined;
      code += n * d.place;
    }
    codes.push(code);
  }
  const [a, b, c] = codes as [number, number, number];
  return [(live ? 0 : A_LIVE) + a, b, c];
}

/** The grade numbers inside a word's code. */
export function decode(word: CodeWord, code: number): Partial<Record<GradeKey, number>> {
  const live = word === 'A' ? code % A_LIVE : code;
  return Object.fromEntries(WORD_DIGITS[word].map((d) => [d.key, Math.floor(live / d.place) % d.size]));
}
