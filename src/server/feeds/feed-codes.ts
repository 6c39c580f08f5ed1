/**
 * The values of a stock file: RapNet's codes and full names for each grade, mapped to the shop's
 * vocabulary (src/features/diamonds/grades.ts). Values compare in upper case without spaces, dots,
 * hyphens or underscores, so "Very Good", "V.G" and "VERY-GOOD" are one value. Grades the shop does not
 * sell (fancy colours, N–Z, SI3/I2/I3, Poor, other labs) are named as such; they are never coerced.
 */
import type { Clarity, Color, Cut, Finish, Fluorescence, Lab, Origin, Shape } from '~/features/diamonds/grades.ts';
import { CLARITIES, COLORS, LABS } from '~/features/diamonds/grades.ts';
import { GRADE_ATTRIBUTES, type FeedGradeKey, type GradeAttribute, type GradeOf } from '~/features/diamonds/grade-attributes.ts';

/** The word a grade's reasons use ("colour", "cut grade"): grade-attributes.ts. */
const word = (key: FeedGradeKey) => GRADE_ATTRIBUTES[key].feed.reason;

const KEYS = new Map<string, string>();

/**
 * A value as it compares. Short values are kept (a file of a million rows repeats a few grades): V8
 * copies a string that short when it is sliced out of the text, so none keeps a chunk of the file alive.
 */
export function valueKey(value: string): string {
  let key = KEYS.get(value);
  if (key === undefined) {
    key = value.toUpperCase().replace(/[\s._-]+/g, '');
    if (value.length <= 12) {
      if (KEYS.size >= 4096) KEYS.clear();
      KEYS.set(value, key);
    }
  }
  return key;
}

function table<T extends string>(entries: Record<T, readonly string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [value, codes] of Object.entries(entries) as [T, readonly string[]][]) for (const code of codes) map.set(valueKey(code), value);
  return map;
}

export const SHAPE_CODES: Record<Shape, readonly string[]> = {
  round: ['Round', 'Round Brilliant', 'B', 'BR', 'RB', 'RD', 'RBC', 'RND'],
  pear: ['Pear', 'P', 'PS', 'PSH', 'PB', 'PMB'],
  emerald: ['Emerald', 'E', 'EM', 'EC'],
  princess: ['Princess', 'PRN', 'PR', 'PRIN', 'PN', 'PC', 'MDSQB', 'SMB'],
  marquise: ['Marquise', 'MQB', 'M', 'MQ'],
  asscher: ['Asscher', 'A', 'CSS', 'CSSC', 'AC'],
  cushion: [
    'Cushion',
    'Cushion Brilliant',
    'Cushion Modified',
    'Cushion Modified Brilliant',
    'CB',
    'C',
    'CUX',
    'CU',
    'CMB',
    'CUSH',
    'CUS',
    'RCRMB',
    'CRC',
    'CSC',
    'CX',
    'RCSB',
    'SCMB',
    'SCX',
  ],
  heart: ['Heart', 'H', 'HS', 'HT', 'MHRC'],
  oval: ['Oval', 'O', 'OV', 'OMB'],
  radiant: ['Radiant', 'R', 'RAD', 'RA', 'RC', 'RDN', 'CRB', 'RCRB'],
};

export const CUT_CODES: Record<Cut, readonly string[]> = {
  Ideal: ['Ideal', 'I', 'ID'],
  Excellent: ['Excellent', 'EX', 'EXC', 'X'],
  'Very Good': ['Very Good', 'VG', 'V'],
  Good: ['Good', 'G', 'GD'],
  Fair: ['Fair', 'F', 'FR'],
  // Never read from a code: a blank cut on a fancy shape (feed-row.ts), or one of NO_CUT_GRADE.
  'Not graded': [],
};

/** What suppliers write in the cut column of a stone the lab did not grade for cut (fancy shapes). */
const NO_CUT_GRADE = new Set(['NA', 'N/A', '-', '--', 'NONE', 'NOTGRADED', 'NG', 'NOTAPPLICABLE'].map((c) => c.replace(/[\s._-]+/g, '')));

/** A cut column left blank or marked "not applicable": the stone has no cut grade. */
export const noCutGrade = (raw: string) => !raw.trim() || NO_CUT_GRADE.has(valueKey(raw)) || /^[-\s]+$/.test(raw);

export const FINISH_CODES: Record<Finish, readonly string[]> = {
  Excellent: ['Excellent', 'EX', 'EXC', 'X'],
  'Very Good': ['Very Good', 'VG', 'V'],
  Good: ['Good', 'G', 'GD'],
  Fair: ['Fair', 'F', 'FR'],
};

export const FLUORESCENCE_CODES: Record<Fluorescence, readonly string[]> = {
  None: ['None', 'NON', 'N', 'NO', 'NIL'],
  Faint: ['Faint', 'FNT', 'F', 'FA'],
  Medium: ['Medium', 'MED', 'M', 'MD'],
  Strong: ['Strong', 'STG', 'S', 'ST', 'STR'],
  'Very Strong': ['Very Strong', 'VST', 'VS', 'VSTG', 'VSTR'],
};

export type Availability = 'G' | 'M' | 'STPS' | 'NA';
export const AVAILABILITY_CODES: Record<Availability, readonly string[]> = {
  G: ['G', 'GA', 'Guaranteed', 'Guaranteed Availability', 'GuaranteedAvailable', 'Guaranteed Available'],
  M: ['M', 'Memo', 'On Memo', 'OnMemo', 'Out on Memo'],
  STPS: ['STPS', 'Subject to Prior Sale'],
  NA: ['NA', 'N', 'Not Available', 'Unavailable'],
};

export const LAB_CODES: Record<Lab, readonly string[]> = {
  GIA: ['GIA'],
  IGI: ['IGI'],
  AGS: ['AGS', 'AGSL'],
  HRD: ['HRD'],
};

/** Origin, from an origin column or RapNet's product type ("diamond", "lab grown diamond"). */
export const ORIGIN_CODES: Record<Origin, readonly string[]> = {
  natural: ['Natural', 'N', 'NAT', 'Diamond', 'Natural Diamond', 'Mined', 'Earth Mined'],
  lab_grown: ['Lab Grown', 'Lab-Grown', 'Lab Grown Diamond', 'LabGrown', 'LG', 'LGD', 'Lab', 'Lab Created', 'Laboratory Grown', 'CVD', 'HPHT'],
};

const SHAPES = table(SHAPE_CODES);
const CUTS = table(CUT_CODES);
const FINISHES = table(FINISH_CODES);
const FLUORESCENCES = table(FLUORESCENCE_CODES);
const AVAILABILITIES = table(AVAILABILITY_CODES);
const LAB_TABLE = table(LAB_CODES);
const ORIGIN_TABLE = table(ORIGIN_CODES);

/** A value read, or the reason it cannot be. */
export type Read<T> = { value: T } | { reason: string };

/** At most 40 characters of a value a row gave, for a reason (never the whole of a 20 MB field). */
export function excerpt(raw: string, max = 40): string {
  const text = raw.trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A value a row gave, quoted and cut to 40 characters, as reasons show it. */
export const quoted = (raw: string) => JSON.stringify(excerpt(raw));

export function readShape(raw: string): Read<Shape> {
  const v = SHAPES.get(valueKey(raw));
  return v ? { value: v } : { reason: `${word('shape')} ${quoted(raw)} is not a shape the shop sells (${Object.keys(SHAPE_CODES).join(', ')})` };
}

export function readCut(raw: string): Read<Cut> {
  const key = valueKey(raw);
  const v = CUTS.get(key);
  if (v) return { value: v };
  if (key === 'P' || key === 'POOR') return { reason: `${word('cut')} ${quoted(raw)} (Poor) is not sold` };
  return { reason: `unknown ${word('cut')} ${quoted(raw)} (EX, VG, G, F, or Ideal)` };
}

export function readFinish(raw: string, attribute: 'polish' | 'symmetry'): Read<Finish> {
  const label = word(attribute);
  const key = valueKey(raw);
  const v = FINISHES.get(key);
  if (v) return { value: v };
  if (['P', 'POOR', 'I', 'ID', 'IDEAL', 'VGEX', 'GVG', 'FG'].includes(key))
    return { reason: `${label} ${quoted(raw)} is not a grade the shop sells (EX, VG, G, F)` };
  return { reason: `unknown ${label} code ${quoted(raw)} (EX, VG, G, F)` };
}

export function readFluorescence(raw: string): Read<Fluorescence> {
  const key = valueKey(raw);
  const v = FLUORESCENCES.get(key);
  if (v) return { value: v };
  if (['SL', 'SLT', 'SLIGHT', 'VSL', 'VSLT', 'VERYSLIGHT'].includes(key))
    return { reason: `${word('fluorescence')} ${quoted(raw)} (Slight) is not a grade the shop sells (NON, FNT, MED, STG, VST)` };
  return { reason: `unknown ${word('fluorescence')} ${quoted(raw)} (NON, FNT, MED, STG, VST)` };
}

export function readAvailability(raw: string): Read<Availability> {
  if (!raw.trim()) return { value: 'G' };
  const v = AVAILABILITIES.get(valueKey(raw));
  return v ? { value: v } : { reason: `unknown availability ${quoted(raw)} (G, M, STPS, NA)` };
}

export function readLab(raw: string): Read<Lab> {
  const v = LAB_TABLE.get(valueKey(raw));
  return v ? { value: v } : { reason: `${word('lab')} ${quoted(raw)} is not a lab the shop sells (${LABS.join(', ')})` };
}

export function readOrigin(raw: string): Read<Origin> {
  if (!raw.trim()) return { value: 'natural' };
  const key = valueKey(raw);
  const v = ORIGIN_TABLE.get(key);
  if (v) return { value: v };
  if (['ROUGH', 'JEWELRY', 'JEWELLERY', 'GEMSTONE'].includes(key)) return { reason: `product type ${quoted(raw)} is not a polished diamond` };
  return { reason: `unknown ${word('origin')} ${quoted(raw)} (natural, lab grown)` };
}

/** The reason for a fancy-colour stone: the shop sells white diamonds, D to M, only. */
export const FANCY_NOT_SOLD = (raw: string) => `fancy colour: not sold (${quoted(raw)}; the shop sells D to M)`;

export function readColor(raw: string, fancy: string): Read<Color> {
  if (fancy.trim()) return { reason: FANCY_NOT_SOLD(fancy) };
  const key = valueKey(raw);
  if ((COLORS as readonly string[]).includes(key)) return { value: key as Color };
  if (/^[N-Z]$/.test(key) || /^[N-Z][N-Z]$/.test(key)) return { reason: `${word('color')} ${quoted(raw)} is not sold (the shop sells D to M)` };
  if (key.includes('FANCY') || key.startsWith('F') || /[A-Z]{4,}/.test(key)) return { reason: FANCY_NOT_SOLD(raw) };
  return { reason: `unknown ${word('color')} ${quoted(raw)} (D to M)` };
}

export function readClarity(raw: string): Read<Clarity> {
  const key = valueKey(raw);
  if ((CLARITIES as readonly string[]).includes(key)) return { value: key as Clarity };
  if (['SI3', 'I2', 'I3', 'P1', 'P2', 'P3', 'LC', 'LOUPECLEAN'].includes(key))
    return { reason: `${word('clarity')} ${quoted(raw)} is not sold (the shop sells FL to I1)` };
  return { reason: `unknown ${word('clarity')} ${quoted(raw)} (FL, IF, VVS1, VVS2, VS1, VS2, SI1, SI2, I1)` };
}

/** The grades read by their own reader above; any other grade attribute is read by its grade names and `feed.codes`. */
const READERS: { [K in FeedGradeKey]?: (raw: string, fancy: string) => Read<GradeOf<K>> } = {
  shape: readShape,
  origin: readOrigin,
  cut: readCut,
  color: readColor,
  clarity: readClarity,
  polish: (raw) => readFinish(raw, 'polish'),
  symmetry: (raw) => readFinish(raw, 'symmetry'),
  fluorescence: readFluorescence,
  lab: readLab,
};

const TABLES = new Map<FeedGradeKey, Map<string, string>>();
/** A grade attribute's value (grade-attributes.ts), or the reason it cannot be; `fancy`: the row's fancy colour. */
export function readGrade<K extends FeedGradeKey>(key: K, raw: string, fancy = ''): Read<GradeOf<K>> {
  const own = READERS[key];
  if (own) return own(raw, fancy);
  const a: GradeAttribute = GRADE_ATTRIBUTES[key];
  let codes = TABLES.get(key);
  if (!codes) {
    codes = table(Object.fromEntries(a.grades.map((g) => [g, [g, ...(a.feed?.codes?.[g] ?? [])]])));
    TABLES.set(key, codes);
  }
  const v = codes.get(valueKey(raw));
  return v ? { value: v as GradeOf<K> } : { reason: `unknown ${word(key)} ${quoted(raw)} (${a.grades.join(', ')})` };
}
