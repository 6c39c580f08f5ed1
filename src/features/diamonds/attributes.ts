/**
 * The diamond's range attributes (the filters with a minimum and a maximum), declared once. Everything
 * per attribute is derived from its entry here:
 *   - the filter key (diamond_filters and RANGE_FILTER_KEYS, diamond-query.ts), its schema
 *     (diamonds.schema.ts) and URL parameters df_<key>_min / df_<key>_max (diamond-url.ts);
 *   - the filter panel's slider: label, unit, step, format, scale, histogram, place and guide topic
 *     (DiamondFilterPanel.tsx);
 *   - the search index's narrow column (diamond-arena.ts: u16 or u32 codes of value·scale, laid out in
 *     this order, u32 columns first), filled from the table's column (diamond-index.ts, read by
 *     diamond.repository.ts), and the slider ends it answers (DiamondIndex.bounds);
 *   - the answer's field (diamond.answers.ts, diamonds.service.ts toDiamond), the stone's page and the
 *     comparison's row (DiamondDetail.astro, diamond-compare.ts), and its guidance topic;
 *   - a stock file's column: the names it goes by and the accepted range (feed-columns.ts, feed-row.ts,
 *     import.repository.ts).
 * Browser-safe and dependency-free: the listing island imports it, and so does the server.
 *
 * A new range filter: a migration and its column in src/server/db/schema.ts, one entry here, demo
 * values in the seed (docs/architecture.md).
 */
import type { DiamondRow } from '~/server/db/schema.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (v: number) => `${v.toFixed(1)}%`;

/** The diamonds table's number columns, which a range attribute may read. */
type NumberColumn = { [K in keyof DiamondRow]-?: DiamondRow[K] extends number ? K : never }[keyof DiamondRow];

export interface RangeAttribute {
  /** The filter panel's label. */
  label: string;
  /** Its name in a sentence or a row label ("Depth"): the stone's page, the comparison, the guide button. */
  name: string;
  /** The slider's unit (its thumbs' accessible names, the histogram's test id). */
  unit: string;
  /** The slider's step; its ends are the inventory's extent rounded outwards to it. */
  step: number;
  format: (v: number) => string;
  scale?: 'log';
  /** The slider shows the answer's histogram of it (carat and price: diamond-histogram.ts). */
  histogram?: true;
  /** Under "More filters". */
  advanced?: true;
  /** Its guidance text (src/content/guidance/<topic>): a "?" beside the slider and the stone's fact. */
  guide?: string;
  /** The diamonds table's column holding it. */
  column: NumberColumn;
  /**
   * Its column in the search index: codes of value·scale, u16 (under 655.35 at scale 100) or u32; any
   * value without an exact code is kept on the side (NarrowColumn, diamond-arena.ts).
   */
  index: { bits: 16 | 32; scale: number };
  /**
   * Its field in the answer (the table's column as a number), and its line on the stone's page and in
   * the comparison, with the score whose highest value is best there. None: shown its own way (carat, price).
   */
  fact?: { answer: string; best?: (v: number) => number };
  /** A stock file's column: the names it goes by (RapNet's first), its reason word, and the accepted range (min excluded). */
  feed?: { names: readonly string[]; label: string; min: number; max: number };
}

export const RANGE_ATTRIBUTES = {
  carat: {
    label: 'Carat',
    name: 'Carat',
    unit: 'carat',
    step: 0.01,
    format: (v) => `${v.toFixed(2)} ct`,
    histogram: true,
    column: 'carat',
    index: { bits: 16, scale: 100 },
  },
  price: {
    label: 'Price',
    name: 'Price',
    unit: 'price',
    step: 10,
    format: (v) => usd.format(v),
    scale: 'log',
    histogram: true,
    column: 'price_cents',
    // In cents: the filter's dollars are turned into cents (index-query.ts).
    index: { bits: 32, scale: 1 },
  },
  depth: {
    label: 'Depth %',
    name: 'Depth',
    unit: 'depth',
    step: 0.1,
    format: percent,
    advanced: true,
    guide: 'depth',
    column: 'depth',
    index: { bits: 16, scale: 100 },
    fact: { answer: 'depth', best: (v) => -Math.abs(v - 61.5) },
    feed: {
      names: ['Depth %', 'Depth', 'Depth%', 'DepthPct', 'Depth Pct', 'Depth Percent', 'DepthPercent', 'Total Depth', 'TotalDepth', 'Dp'],
      label: 'depth %',
      min: 0,
      max: 100,
    },
  },
  table: {
    label: 'Table %',
    name: 'Table',
    unit: 'table',
    step: 0.5,
    format: percent,
    advanced: true,
    guide: 'table',
    column: 'table_pct',
    index: { bits: 16, scale: 100 },
    fact: { answer: 'table', best: (v) => -Math.abs(v - 57) },
    feed: {
      names: ['Table %', 'Table', 'Table%', 'TablePct', 'Table Pct', 'Table Percent', 'TablePercent', 'Tbl'],
      label: 'table %',
      min: 0,
      max: 100,
    },
  },
  lw_ratio: {
    label: 'Length to width ratio',
    name: 'Length to width ratio',
    unit: 'ratio',
    step: 0.01,
    format: (v) => v.toFixed(2),
    advanced: true,
    guide: 'lw_ratio',
    column: 'lw_ratio',
    index: { bits: 16, scale: 100 },
    // Imported from the measurements (feed-row.ts), not a column of its own.
    fact: { answer: 'lw_ratio' },
  },
} as const satisfies Record<string, RangeAttribute>;

export type RangeFilterKey = keyof typeof RANGE_ATTRIBUTES;
export const RANGE_FILTER_KEYS = Object.keys(RANGE_ATTRIBUTES) as RangeFilterKey[];
/** The attributes with their keys, in declaration order. */
export const RANGE_LIST: (Omit<RangeAttribute, 'column'> & { key: RangeFilterKey; column: RangeColumn })[] = RANGE_FILTER_KEYS.map((key) => ({
  key,
  ...RANGE_ATTRIBUTES[key],
}));

type Entry = (typeof RANGE_ATTRIBUTES)[RangeFilterKey];
/** The table's columns that hold range attributes. */
export type RangeColumn = Entry['column'];
/** The answer fields of range attributes shown as facts. */
export type RangeAnswer = Extract<Entry, { fact: unknown }>['fact']['answer'];
/** The range attributes read from a stock file's own column (their key is the feed field). */
export type FeedRangeKey = { [K in RangeFilterKey]: (typeof RANGE_ATTRIBUTES)[K] extends { feed: unknown } ? K : never }[RangeFilterKey];
export type FeedRangeColumn = (typeof RANGE_ATTRIBUTES)[FeedRangeKey]['column'];
export const FEED_RANGE_KEYS = RANGE_FILTER_KEYS.filter((k): k is FeedRangeKey => 'feed' in RANGE_ATTRIBUTES[k]);

/** The guidance topics of the range attributes (src/content/guidance/<topic>.md; content.config.ts). */
export type RangeGuide = Extract<Entry, { guide: string }>['guide'];
export const RANGE_GUIDES = RANGE_LIST.flatMap((a) => (a.guide ? [a.guide as RangeGuide] : []));

/** A stone's range facts (label, text, score): its page and the comparison, after the grades. */
export function rangeFacts<D extends Record<RangeAnswer, number>>(): { label: string; guide?: string; text: (d: D) => string; best?: (d: D) => number }[] {
  return RANGE_LIST.flatMap((a) => {
    const fact = a.fact as { answer: RangeAnswer; best?: (v: number) => number } | undefined;
    if (!fact) return [];
    const best = fact.best;
    return [
      {
        label: a.name,
        ...(a.guide && { guide: a.guide }),
        text: (d: D) => a.format(d[fact.answer]),
        ...(best && { best: (d: D) => best(d[fact.answer]) }),
      },
    ];
  });
}
