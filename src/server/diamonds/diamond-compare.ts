/**
 * The comparison page's table: one column per stone named in `?ids=` (the first 4), one row per fact,
 * and in each row where a better value exists the best one marked. A stone that is sold, reserved,
 * hidden or unknown keeps its column, as "No longer available".
 *
 * Best per row (ties: every stone that has it): price, price per carat: lowest; carat: largest; cut,
 * colour, clarity, polish, symmetry: highest grade; fluorescence: the least; depth: nearest 61.5 %;
 * table: nearest 57 %; measurements: the largest face-up area (length × width). Shape, lab and
 * certificate, and the length to width ratio (a matter of taste) have no best. Only stones still for
 * sale compete; a row with one value or all values equal marks none.
 */
import type { Db } from '~/server/db/database.ts';
import { getDb } from '~/server/db/database.ts';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import { GRADE_LABELS, gradeFacts } from '~/features/diamonds/grade-attributes.ts';
import { RANGE_ATTRIBUTES, rangeFacts } from '~/features/diamonds/attributes.ts';
import { parseCompareIds } from '~/features/compare/compare.ts';
import { findDiamondsByIds } from './diamond.repository.ts';
import { toDiamond } from './diamonds.service.ts';

export interface CompareColumn {
  id: number;
  /** Undefined: sold, reserved, hidden or unknown ("No longer available"). */
  diamond?: Diamond;
}

export interface CompareRow {
  label: string;
  /** Per column: the text shown (empty for a stone no longer available). */
  values: string[];
  /** Per column: whether it holds the row's best value. */
  best: boolean[];
}

export interface Comparison {
  columns: CompareColumn[];
  rows: CompareRow[];
  /** How many ids past the first 4 the URL named (not shown). */
  dropped: number;
}

type Score = (d: Diamond) => number;
const mm = (n: number) => n.toFixed(2);

/** Label, text, and the score whose highest value is best (none: no best in this row). */
const ROWS: [string, (d: Diamond) => string, Score?][] = [
  [RANGE_ATTRIBUTES.price.name, (d) => d.formated_price, (d) => -d.price],
  ['Price per carat', (d) => d.formated_price_per_carat, (d) => -d.price_per_carat],
  [GRADE_LABELS.shape, (d) => shapeLabel(d.shape)],
  [RANGE_ATTRIBUTES.carat.name, (d) => d.carat.toFixed(2), (d) => d.carat],
  // Cut, colour, clarity, polish, symmetry, fluorescence: the grade attributes' facts (grade-attributes.ts).
  ...gradeFacts<Diamond>().map((f): [string, (d: Diamond) => string, Score?] => [f.label, f.text, f.best]),
  ['Lab and certificate', (d) => `${d.lab} ${d.certificate_number}`],
  // Depth, table, length to width ratio: the range attributes' facts (attributes.ts).
  ...rangeFacts<Diamond>().map((f): [string, (d: Diamond) => string, Score?] => [f.label, f.text, f.best]),
  [
    'Measurements',
    (d) => `${mm(d.measurements.length)} × ${mm(d.measurements.width)} × ${mm(d.measurements.depth)} mm`,
    (d) => d.measurements.length * d.measurements.width,
  ],
];

export function compareRows(columns: CompareColumn[]): CompareRow[] {
  return ROWS.map(([label, text, score]) => {
    const scores = columns.map((c) => (c.diamond && score ? Math.round(score(c.diamond) * 1e6) : undefined));
    const known = scores.filter((s): s is number => s !== undefined);
    const top = known.length > 1 && new Set(known).size > 1 ? Math.max(...known) : undefined;
    return { label, values: columns.map((c) => (c.diamond ? text(c.diamond) : '')), best: scores.map((s) => top !== undefined && s === top) };
  });
}

export async function loadComparison(param: string | null, options: { db?: Db } = {}): Promise<Comparison> {
  const db = options.db ?? (await getDb());
  const { ids, dropped } = parseCompareIds(param);
  const rows = new Map((await findDiamondsByIds(db, ids)).map((r) => [Number(r.id), r]));
  const columns = ids.map((id): CompareColumn => {
    const row = rows.get(id);
    const diamond = row && toDiamond(row);
    return { id, ...(diamond?.is_available && { diamond }) };
  });
  return { columns, rows: compareRows(columns), dropped };
}
