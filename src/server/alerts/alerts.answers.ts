/** Alert requests and answers (and their OpenAPI schemas). */
import { recordIdSchema } from '~/server/endpoint/record-id.ts';
import { z } from 'zod';
import { diamondFiltersSchema } from '~/features/diamonds/diamonds.schema.ts';
import { DIAMOND_SORTS, SORT_DIRECTIONS } from '~/features/diamonds/diamond-query.ts';
import { MAX_ID } from '~/lib/ids.ts';

/** A form field that is empty means "not given". */
const blank = (v: unknown) => (v === '' ? undefined : v);
/** A form sends the filters as JSON text; an API client as an object. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

const diamondId = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_ID, 'is not a known id');
const variantId = diamondId.describe("A piece of jewellery's variant (its metal and total carat weight): `variants[].id` of a product");

/** A price drop watches a stone or a piece of jewellery's variant: exactly one of the two ids. */
const priceDrop = z
  .object({
    kind: z.literal('price_drop'),
    diamond_id: z.preprocess(blank, diamondId.optional()),
    variant_id: z.preprocess(blank, variantId.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.diamond_id !== undefined && v.variant_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['variant_id'], message: 'give diamond_id or variant_id, not both' });
    if (v.diamond_id === undefined && v.variant_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['diamond_id'], message: 'is required (or variant_id, for a piece of jewellery)' });
      ctx.addIssue({ code: 'custom', path: ['variant_id'], message: 'is required (or diamond_id, for a diamond)' });
    }
  });

export const alertCreateSchema = z.discriminatedUnion(
  'kind',
  [
    priceDrop,
    z.object({ kind: z.literal('back_in_stock'), diamond_id: diamondId }),
    z.object({
      kind: z.literal('saved_search'),
      diamond_filters: z.preprocess(jsonText, diamondFiltersSchema),
      sort_by: z.preprocess(blank, z.enum(DIAMOND_SORTS).optional()),
      sort_direction: z.preprocess(blank, z.enum(SORT_DIRECTIONS).optional()),
      url: z.preprocess(
        blank,
        z
          .string()
          .max(2000)
          .regex(/^\/(?!\/)\S*$/, 'must be an address of this shop (a path), e.g. /diamonds?shape=round')
          .optional()
          .describe('The listing address (path and query) the digest links to'),
      ),
    }),
  ],
  { error: 'kind: must be price_drop, back_in_stock or saved_search' },
);
export type AlertCreate = z.output<typeof alertCreateSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['price_drop', 'back_in_stock', 'saved_search']),
  diamond_id: z.number().int().nullable(),
  diamond_name: z.string().nullable(),
  variant_id: z.number().int().nullable().describe('price_drop on a piece of jewellery: the variant watched'),
  product_id: z.number().int().nullable().describe("The variant's product"),
  product_name: z.string().nullable(),
  variant_name: z.string().nullable().describe('The variant in words: its metal and total carat weight, e.g. "14K White Gold, 1/2 ct. tw."'),
  diamond_filters: z.record(z.string(), z.unknown()).nullable(),
  sort_by: z.string().nullable(),
  sort_direction: z.string().nullable(),
  url: z.string().describe("The stone's page, the piece's page in the watched metal and weight, or the saved listing"),
  description: z.string().describe('What the alert watches, in words'),
  created_at: z.string(),
});
export const alertAnswerSchema = z.object({ message: z.string(), data: alertSchema });
export const alertListAnswerSchema = z.object({ data: z.array(alertSchema) });
export const alertPathSchema = z.object({
  // Range-checked: a 10-digit id past 32 bits would reach PostgreSQL as an out-of-range integer.
  id: recordIdSchema,
});
export const unsubscribeQuerySchema = z.object({
  a: recordIdSchema,
  s: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a valid signature'),
});
export const unsubscribeAnswerSchema = z.object({ message: z.string() });
