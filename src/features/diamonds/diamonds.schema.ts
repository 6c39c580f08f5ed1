/**
 * The contract of `GET {api}/api/diamonds`, as zod: the server parses query strings with it, so every
 * bad value becomes a 400 that names its parameter (e.g. `diamond_filters.cut.1`). Not imported by
 * the listing island, which only builds valid queries (see diamond-query.ts).
 */
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  DIAMOND_SORTS,
  LIST_FILTERS,
  MAX_PAGE_SIZE,
  RANGE_FILTER_KEYS,
  SORT_DIRECTIONS,
  type DiamondQuery,
  type ListFilterKey,
  type RangeFilterKey,
} from './diamond-query.ts';

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** A number, or a string that is one (query strings and form fields are text). */
export const numberLike = z.preprocess(
  (v) => (typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v),
  z.number('must be a number').refine(Number.isFinite, 'must be a finite number'),
);

export const rangeSchema = z
  .strictObject({ min: numberLike.optional(), max: numberLike.optional() })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: 'min must not be above max', path: ['min'] });

/** A list of grades; a single grade is accepted as a list of one. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(z.enum(values, `must be one of ${values.join(', ')}`), 'must be a list').max(values.length * 2),
  );
}

const filterShape = {
  ...(Object.fromEntries(Object.entries(LIST_FILTERS).map(([k, v]) => [k, listOf(v as unknown as [string, ...string[]]).optional()])) as Record<
    ListFilterKey,
    z.ZodOptional<ReturnType<typeof listOf>>
  >),
  ...(Object.fromEntries(RANGE_FILTER_KEYS.map((k) => [k, rangeSchema.optional()])) as Record<RangeFilterKey, z.ZodOptional<typeof rangeSchema>>),
};

export const diamondFiltersSchema = z.strictObject(filterShape);

/** A JSON-encoded query parameter: not JSON is an error on that parameter, not a 500. */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      if (!text.trim()) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON-encoded object' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const pageNumber = z
  .string()
  .regex(/^\s*\d+\s*$/, 'must be a whole number from 1')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be 1 or more').max(1_000_000, 'must be at most 1000000'));
export const pageSize = (max: number) =>
  z
    .string()
    .regex(/^\s*\d+\s*$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be 1 or more').max(max, `must be at most ${max}`));

export const diamondQuerySchema = z.object({
  page_number: pageNumber.default(1),
  page_size: pageSize(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort_by: z.enum(DIAMOND_SORTS).default('price'),
  sort_direction: z.enum(SORT_DIRECTIONS).default('asc'),
  diamond_filters: jsonParam(diamondFiltersSchema).default({}),
});

/** Reads the query string's parameters (first value of each) into the shape the schema parses. */
export function queryRecord(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

export function toDiamondQuery(parsed: z.output<typeof diamondQuerySchema>): DiamondQuery {
  const { diamond_filters, ...rest } = parsed;
  return { ...rest, filters: diamond_filters as DiamondQuery['filters'] };
}
