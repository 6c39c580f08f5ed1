/**
 * One row of a stock file → the stone it describes, or every reason it cannot be taken. Nothing is
 * guessed: a missing grade, an unknown code, a number out of range or a measurement that does not
 * parse rejects the row, with all its reasons at once.
 */
import type { Cut, Origin } from '~/features/diamonds/grades.ts';
import { GRADE_ATTRIBUTES, FEED_GRADE_KEYS, type FeedGradeKey, type GradeOf } from '~/features/diamonds/grade-attributes.ts';
import { FEED_RANGE_KEYS, RANGE_ATTRIBUTES, type FeedRangeColumn, type FeedRangeKey } from '~/features/diamonds/attributes.ts';
import type { Markup } from '~/features/diamonds/markup.schema.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import { FEED_FIELDS, type FeedField } from './feed-columns.ts';
import { markupFor, parseDecimal, retailCents, toNumber, type Decimal } from './feed-money.ts';
import { FANCY_NOT_SOLD, noCutGrade, quoted, readAvailability, readGrade, readOrigin, type Availability, type Read } from './feed-codes.ts';

export type RawRow = Partial<Record<FeedField, string>>;

/** A stone as the feed describes it, in the shop's vocabulary, its price already marked up. */
export type FeedStone = Pick<
  DiamondRow,
  'sku' | 'carat' | 'certificate_number' | FeedRangeColumn | 'length_mm' | 'width_mm' | 'depth_mm' | 'lw_ratio' | 'price_cents' | 'image_url' | 'video_url'
> & { [K in FeedGradeKey]: GradeOf<K> } & {
  availability: Availability;
};

/** The grades a row must give, after shape and carat, in the file's column order (feed-columns.ts); origin is optional (natural). */
const ROW_GRADES = FEED_FIELDS.filter((f): f is FeedGradeKey => (FEED_GRADE_KEYS as readonly string[]).includes(f) && f !== 'shape' && f !== 'origin');

export type RowResult = { stone: FeedStone } | { reasons: string[] };

const LABELS: Partial<Record<FeedField, string>> = {
  stock: 'stock number',
  carat: 'carat',
  certificate: 'certificate number',
  ...(Object.fromEntries(FEED_GRADE_KEYS.map((k) => [k, GRADE_ATTRIBUTES[k].feed.reason])) as Record<FeedGradeKey, string>),
  ...(Object.fromEntries(FEED_RANGE_KEYS.map((k) => [k, RANGE_ATTRIBUTES[k].feed.label])) as Record<FeedRangeKey, string>),
};

const MAX_CARAT = 30;
/** A lab's report number: letters, digits and dashes (upper-cased, spaces taken out, before this check). */
const CERTIFICATE = /^[A-Z0-9-]+$/;

/** "6.45 x 6.42 x 3.98", "6.42-6.45*3.98", "6.45*6.42*3.98" (mm) → [length, width, depth]. */
const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const MEASUREMENTS = new RegExp(String.raw`^${NUMBER}\s*[x×*-]\s*${NUMBER}\s*[x×*]\s*${NUMBER}\s*(?:mm)?$`, 'i');

export function parseMeasurements(text: string): [number, number, number] | undefined {
  const m = MEASUREMENTS.exec(text.trim());
  if (!m) return undefined;
  const [a, b, c] = [m[1], m[2], m[3]].map((v) => Number(v!.replace(',', '.'))) as [number, number, number];
  if (![a, b, c].every((v) => v > 0 && v < 100)) return undefined;
  return [Math.max(a, b), Math.min(a, b), c];
}

function url(raw: string | undefined, label: string, reasons: string[]): string | null {
  const text = raw?.trim();
  if (!text) return null;
  try {
    const u = new URL(text);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && text.length <= 2000) return u.toString();
  } catch {
    // reported below
  }
  reasons.push(`${label} ${quoted(text)} is not an http(s) address`);
  return null;
}

export function readRow(raw: RawRow, markup: Markup): RowResult {
  const reasons: string[] = [];
  const text = (field: FeedField) => raw[field]?.trim() ?? '';
  const required = (field: FeedField): string | undefined => {
    const value = text(field);
    if (!value) reasons.push(`missing ${LABELS[field] ?? field}`);
    return value || undefined;
  };
  const grade = <T>(field: FeedField, read: (v: string) => Read<T>): T | undefined => {
    const value = required(field);
    if (value === undefined) return undefined;
    const r = read(value);
    if ('reason' in r) {
      reasons.push(r.reason);
      return undefined;
    }
    return r.value;
  };
  /** A range attribute's own column (attributes.ts): a number (a trailing % allowed) above its min and at most its max. */
  const ranged = (field: FeedRangeKey): number | undefined => {
    const value = required(field);
    if (value === undefined) return undefined;
    const { min, max } = RANGE_ATTRIBUTES[field].feed;
    const d = parseDecimal(value.replace(/%$/, ''));
    const n = d && toNumber(d);
    if (n === undefined || !(n > min && n <= max)) {
      reasons.push(`${LABELS[field]} ${quoted(value)} is out of ${min}–${max}`);
      return undefined;
    }
    return n;
  };

  const sku = required('stock');
  if (sku && sku.length > 64) reasons.push('stock number is longer than 64 characters');
  const shape = grade('shape', (v) => readGrade('shape', v));
  const caratText = required('carat');
  const caratDecimal = caratText === undefined ? undefined : parseDecimal(caratText);
  const carat = caratDecimal && toNumber(caratDecimal);
  if (caratText !== undefined && (carat === undefined || !(carat > 0 && carat <= MAX_CARAT))) {
    reasons.push(`carat ${quoted(caratText)} must be more than 0 and at most ${MAX_CARAT}`);
  }
  const grades = {} as Record<FeedGradeKey, string | undefined>;
  for (const key of ROW_GRADES) {
    // A fancy-colour stone often leaves Color blank and fills the fancy columns: it is not sold, not "missing".
    if (key === 'color' && !text('color') && text('fancy_color')) reasons.push(FANCY_NOT_SOLD(text('fancy_color')));
    // Labs grade cut on round brilliants only: a fancy shape without a cut grade has none ('Not graded');
    // a round one without it is refused.
    else if (key === 'cut' && shape && shape !== 'round' && noCutGrade(text('cut'))) grades.cut = 'Not graded' satisfies Cut;
    else grades[key] = grade(key, (v) => readGrade(key, v, text('fancy_color')));
  }
  const certificate = required('certificate')?.toUpperCase().replace(/\s+/g, '');
  if (certificate && certificate.length > 64) reasons.push('certificate number is longer than 64 characters');
  else if (certificate && !CERTIFICATE.test(certificate)) reasons.push(`certificate number ${quoted(text('certificate'))} may hold only letters, digits and -`);
  const ranges = {} as Record<FeedRangeColumn, number>;
  for (const key of FEED_RANGE_KEYS) ranges[RANGE_ATTRIBUTES[key].column] = ranged(key)!;

  const origin = readOrigin(text('origin'));
  if ('reason' in origin) reasons.push(origin.reason);
  const availability = readAvailability(text('availability'));
  if ('reason' in availability) reasons.push(availability.reason);

  let size: [number, number, number] | undefined;
  if (text('measurements')) {
    size = parseMeasurements(text('measurements'));
    if (!size) reasons.push(`measurements ${quoted(text('measurements'))} do not parse (L x W x D or L-W*D, in mm)`);
  } else if (text('length') || text('width') || text('height')) {
    size = parseMeasurements(`${text('length')}x${text('width')}x${text('height')}`);
    if (!size) reasons.push(`measurements ${quoted(`${text('length')} / ${text('width')} / ${text('height')}`)} do not parse (three numbers in mm)`);
  } else {
    reasons.push('missing measurements');
  }

  const priceOf = (field: 'total_price' | 'price_per_carat'): Decimal | undefined => {
    const value = text(field);
    if (!value) return undefined;
    const d = parseDecimal(value);
    if (!d || d.units <= 0n) {
      reasons.push(`price ${quoted(value)} must be more than 0`);
      return undefined;
    }
    return d;
  };
  const total = priceOf('total_price');
  const perCarat = total ? undefined : priceOf('price_per_carat');
  if (!text('total_price') && !text('price_per_carat')) reasons.push('missing price');

  const image_url = url(raw.image, 'image URL', reasons);
  const video_url = url(raw.video, 'video URL', reasons);

  if (reasons.length) return { reasons };
  const [length_mm, width_mm, depth_mm] = size!;
  const price_cents = retailCents({ total, perCarat }, caratDecimal!, markupFor(markup, carat!));
  if (!(price_cents > 0)) return { reasons: ['price must be more than 0'] };
  return {
    stone: {
      sku: sku!,
      ...(grades as { [K in FeedGradeKey]: GradeOf<K> }),
      shape: shape!,
      carat: carat!,
      certificate_number: certificate!,
      origin: (origin as { value: Origin }).value,
      ...ranges,
      length_mm,
      width_mm,
      depth_mm,
      lw_ratio: Math.round((length_mm / width_mm) * 100) / 100,
      price_cents,
      availability: (availability as { value: Availability }).value,
      image_url,
      video_url,
    },
  };
}
