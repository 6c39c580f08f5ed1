/**
 * The diamond's grade attributes (the list filters: a stone has one grade of each), declared once. Everything
 * per attribute is derived from its entry here:
 *   - the filter key (diamond_filters and LIST_FILTERS, diamond-query.ts), its schema (diamonds.schema.ts)
 *     and URL parameter df_<key> (diamond-url.ts), and the grades it accepts, best first;
 *   - its facet (the answer's counts per grade), its sort key, and the filter panel's chips: label, place,
 *     counts and guide topic (DiamondFilterPanel.tsx);
 *   - the search index's code word and grade bitmaps (diamond-codes.ts, diamond-arena.ts), checked at
 *     start-up by index-limits.ts;
 *   - the answer's field and the table's column it reads (diamond.answers.ts, diamonds.service.ts,
 *     diamond.repository.ts), the results table's column, the stone's page, the comparison's row and its
 *     score (grading.ts, diamond-compare.ts), its guidance topic (content.config.ts);
 *   - a stock file's column: the names it goes by and the word its reasons use (feed-columns.ts,
 *     feed-row.ts, feed-codes.ts, import.repository.ts).
 * Browser-safe and dependency-free: the listing island imports it, and so does the server.
 *
 * A new grade filter: a migration and its column in src/server/db/schema.ts, one entry here, demo values
 * in the seed, the key in docs/api.md (docs/architecture.md).
 */
import type { DiamondRow } from '~/server/db/schema.ts';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCES, LABS, ORIGINS, SHAPES, SHAPE_LABELS } from './grades.ts';

/** The diamonds table's text columns, which a grade attribute is (its key is the column and the answer's field). */
type TextColumn = { [K in keyof DiamondRow]-?: DiamondRow[K] extends string ? K : never }[keyof DiamondRow];

/**
 * The search index packs a stone's grades into three small integers, each attribute one digit of one of
 * them (diamond-codes.ts): A (with the stone's listed flag), B (the sort keys: a sortable attribute
 * goes here), C. index-limits.ts refuses a word that outgrows 16 bits, and says what to move.
 */
export type CodeWord = 'A' | 'B' | 'C';

export interface GradeAttribute {
  /** Its name for people: the panel's legend, the table's and the comparison's column, the stone's page. */
  label: string;
  /** The grades, best first: a grade's place is its rank (sorting, the comparison's best). */
  grades: readonly [string, ...string[]];
  /** Names for people where they differ from the grade ("lab_grown": "Lab-grown"). */
  names?: Readonly<Record<string, string>>;
  /** The filter panel: shape's tiles and origin's toggle (their own, with counts), or chips (under "More filters" when `advanced`), showing the facet's counts as a hint or in the label. */
  panel: { kind: 'tiles' | 'toggle' | 'chips'; advanced?: true; count?: 'hint' | 'label' };
  /** The answer counts its grades: its place among the answer's facets (the contract's order). */
  facet?: number;
  /** A sort key (sort_by), and the results table's column sorts by it. */
  sort?: true;
  /** A column of the results table (a card's field). */
  listed?: true;
  /** A line of the stone's grading (its page, the build's review) and a row of the comparison; `best`: the best-ranked grade is marked there. */
  fact?: { best?: true };
  /** Its guidance text (src/content/guidance/<topic>.md): a "?" beside the filter and the stone's fact. */
  guide?: string;
  /** The index's code word holding it. */
  index: CodeWord;
  /**
   * A stock file's column: the names it goes by (RapNet's first), the word its reasons use ("colour"), and
   * for a grade without its own reader (feed-codes.ts) the codes that stand for each grade besides its name.
   */
  feed?: { names: readonly string[]; reason: string; codes?: Readonly<Record<string, readonly string[]>> };
}

export const GRADE_ATTRIBUTES = {
  shape: {
    label: 'Shape',
    grades: SHAPES,
    names: SHAPE_LABELS,
    panel: { kind: 'tiles' },
    facet: 1,
    index: 'A',
    feed: { names: ['Shape', 'Shp'], reason: 'shape' },
  },
  origin: {
    label: 'Origin',
    grades: ORIGINS,
    names: { natural: 'Natural', lab_grown: 'Lab-grown' },
    panel: { kind: 'toggle' },
    facet: 6,
    guide: 'origin',
    index: 'A',
    feed: { names: ['Origin', 'Diamond Origin', 'Diamond Type', 'Product Type', 'ProductType', 'Type', 'Growth Type'], reason: 'origin' },
  },
  cut: {
    label: 'Cut',
    grades: CUTS,
    panel: { kind: 'chips', count: 'hint' },
    facet: 2,
    sort: true,
    listed: true,
    fact: { best: true },
    guide: 'cut',
    index: 'B',
    feed: { names: ['Cut Grade', 'Cut', 'CutGrade', 'Make'], reason: 'cut grade' },
  },
  color: {
    label: 'Colour',
    grades: COLORS,
    panel: { kind: 'chips', count: 'hint' },
    facet: 3,
    sort: true,
    listed: true,
    fact: { best: true },
    guide: 'color',
    index: 'B',
    feed: { names: ['Color', 'Colr', 'Colour', 'Col'], reason: 'colour' },
  },
  clarity: {
    label: 'Clarity',
    grades: CLARITIES,
    panel: { kind: 'chips', count: 'hint' },
    facet: 4,
    sort: true,
    listed: true,
    fact: { best: true },
    guide: 'clarity',
    index: 'B',
    feed: { names: ['Clarity', 'Clar', 'Clearity', 'Purity'], reason: 'clarity' },
  },
  polish: {
    label: 'Polish',
    grades: FINISHES,
    panel: { kind: 'chips', advanced: true },
    fact: { best: true },
    guide: 'polish',
    index: 'C',
    feed: { names: ['Polish', 'Pol', 'Finish'], reason: 'polish' },
  },
  symmetry: {
    label: 'Symmetry',
    grades: FINISHES,
    panel: { kind: 'chips', advanced: true },
    fact: { best: true },
    guide: 'symmetry',
    index: 'C',
    feed: { names: ['Symmetry', 'Sym', 'Symm', 'Symetry', 'Sym-metry'], reason: 'symmetry' },
  },
  fluorescence: {
    label: 'Fluorescence',
    grades: FLUORESCENCES,
    panel: { kind: 'chips', advanced: true },
    // The least fluorescence ranks best.
    fact: { best: true },
    guide: 'fluorescence',
    index: 'C',
    feed: {
      names: [
        'Fluorescence Intensity',
        'Flr',
        'FlrIntensity',
        'Flr Intensity',
        'Fluo',
        'Fluo Intensity',
        'Fluor',
        'Fluor Intensity',
        'Fluorescence',
        'FluorescenceIntensity',
        'Flour',
        'Fluorescence Intensity Code',
      ],
      reason: 'fluorescence',
    },
  },
  lab: {
    label: 'Lab',
    grades: LABS,
    panel: { kind: 'chips', advanced: true, count: 'label' },
    facet: 5,
    listed: true,
    guide: 'lab',
    index: 'A',
    feed: { names: ['Lab', 'Cert', 'Certificate', 'Certificate Lab', 'CertLab', 'Grading Lab', 'Lab Name', 'Certification'], reason: 'lab' },
  },
} as const satisfies { [K in TextColumn]?: GradeAttribute };

export type GradeKey = keyof typeof GRADE_ATTRIBUTES;
export const GRADE_KEYS = Object.keys(GRADE_ATTRIBUTES) as GradeKey[];
type Entry = (typeof GRADE_ATTRIBUTES)[GradeKey];
/** The attributes with their keys, in declaration order (the filters', the URL's and the panel's). */
export const GRADE_LIST: (GradeAttribute & { key: GradeKey })[] = GRADE_KEYS.map((key) => ({ key, ...GRADE_ATTRIBUTES[key] }));

/** A grade attribute's grades, as their own type ("D" | "E" …). */
export type GradeOf<K extends GradeKey> = (typeof GRADE_ATTRIBUTES)[K]['grades'][number];

/** Each attribute's name for people ("Colour"). */
export const GRADE_LABELS = Object.fromEntries(GRADE_LIST.map((a) => [a.key, a.label])) as { [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K]['label'] };

/** A grade's name for people: its `names` entry, or the grade as it is written. */
export const gradeName = (key: GradeKey, grade: string): string => (GRADE_ATTRIBUTES[key] as GradeAttribute).names?.[grade] ?? grade;

/** The facets the answer counts, in the answer's order. */
export type FacetKey = Extract<{ [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K] extends { facet: number } ? K : never }[GradeKey], string>;
export const FACET_KEYS = GRADE_LIST.filter((a) => a.facet !== undefined)
  .sort((x, y) => x.facet! - y.facet!)
  .map((a) => a.key as FacetKey);

/** The grade attributes that are sort keys (after price and carat, before price per carat). */
export type GradeSort = { [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K] extends { sort: true } ? K : never }[GradeKey];
export const GRADE_SORTS = GRADE_LIST.filter((a) => a.sort).map((a) => a.key as GradeSort);

/** The grade attributes that are the results table's columns (and the cards' fields). */
export type ListedGrade = { [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K] extends { listed: true } ? K : never }[GradeKey];
export const LISTED_GRADES = GRADE_LIST.filter((a) => a.listed).map((a) => a.key as ListedGrade);

/** The guidance topics of the grade attributes (src/content/guidance/<topic>.md; content.config.ts). */
export type GradeGuide = Extract<Entry, { guide: string }>['guide'];
export const GRADE_GUIDES = GRADE_LIST.flatMap((a) => (a.guide ? [a.guide as GradeGuide] : []));

/** The grade attributes read from a stock file. */
export type FeedGradeKey = { [K in GradeKey]: (typeof GRADE_ATTRIBUTES)[K] extends { feed: unknown } ? K : never }[GradeKey];
export const FEED_GRADE_KEYS = GRADE_KEYS.filter((k): k is FeedGradeKey => 'feed' in GRADE_ATTRIBUTES[k]);

/** A stone's grade facts (label, text, score whose highest value is best): its page, the build's review, the comparison. */
export function gradeFacts<D extends Record<GradeKey, string>>(): { label: string; guide?: string; text: (d: D) => string; best?: (d: D) => number }[] {
  return GRADE_LIST.flatMap((a) => {
    if (!a.fact) return [];
    const grades: readonly string[] = a.grades;
    return [
      {
        label: a.label,
        ...(a.guide && { guide: a.guide }),
        text: (d: D) => gradeName(a.key, d[a.key]),
        ...(a.fact.best && { best: (d: D) => -grades.indexOf(d[a.key]) }),
      },
    ];
  });
}
