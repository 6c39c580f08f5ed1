/** The diamond catalogue's answers as zod schemas: their one description (types for the islands, OpenAPI document). */
import { z } from 'zod';
import { FACET_KEYS } from '~/features/diamonds/diamond-query.ts';
import { RANGE_LIST, type RangeAnswer } from '~/features/diamonds/attributes.ts';
import { GRADE_KEYS, type GradeKey } from '~/features/diamonds/grade-attributes.ts';

export const diamondImageSchema = z.object({
  small_image_url: z.string(),
  medium_image_url: z.string(),
  large_image_url: z.string(),
  original_image_url: z.string(),
});

const diamondFields = {
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  url: z.string(),
  shape: z.string(),
  carat: z.number(),
  cut: z.string(),
  color: z.string(),
  clarity: z.string(),
  polish: z.string(),
  symmetry: z.string(),
  fluorescence: z.string(),
  lab: z.string(),
  certificate_number: z.string(),
  origin: z.enum(['natural', 'lab_grown']),
  depth: z.number(),
  table: z.number(),
  measurements: z.object({ length: z.number(), width: z.number(), depth: z.number() }),
  lw_ratio: z.number(),
  price: z.number(),
  formated_price: z.string(),
  price_per_carat: z.number(),
  formated_price_per_carat: z.string(),
  status: z.enum(['available', 'reserved', 'sold']),
  is_available: z.boolean(),
  image_url: z.string(),
  images: z.array(diamondImageSchema),
  base_image: diamondImageSchema,
  /** The supplier's photo and video (stock feed), absolute http(s) addresses. */
  photo_url: z.string().nullable(),
  video_url: z.string().nullable(),
  /** The feed's availability code: M (on memo) and STPS (subject to prior sale) are confirmed with the supplier after the order; null for stones not imported. */
  availability: z.enum(['G', 'M', 'STPS', 'NA']).nullable(),
  /** Search answers only: when a shopper holds the stone, the hold's end (ISO 8601); absent when nobody does. */
  on_hold_until: z.string().optional(),
};

/** Range attributes shown as facts (attributes.ts) that the fields above do not name yet: a number each, after them. */
const rangeAnswers = Object.fromEntries(
  RANGE_LIST.flatMap((a) => (a.fact && !(a.fact.answer in diamondFields) ? [[a.fact.answer, z.number()]] : [])),
) as Record<RangeAnswerAfter, z.ZodNumber>;

/** Grade attributes (grade-attributes.ts) that the fields above do not name yet: their grade, after them. */
const gradeAnswers = Object.fromEntries(GRADE_KEYS.flatMap((key) => (key in diamondFields ? [] : [[key, z.string()]]))) as Record<
  GradeAnswerAfter,
  z.ZodString
>;

export const diamondSchema = z.object({ ...diamondFields, ...gradeAnswers, ...rangeAnswers });
/** The answer fields that only the range attributes' loop in toDiamond (diamonds.service.ts) fills. */
export type RangeAnswerAfter = Exclude<RangeAnswer, keyof typeof diamondFields>;
/** The answer fields that only the grade attributes' loop in toDiamond fills. */
export type GradeAnswerAfter = Exclude<GradeKey, keyof typeof diamondFields>;

export const boundsSchema = z.object({ min: z.number(), max: z.number() });

const counts = z.record(z.string(), z.number().int());

/** Counts per grade for each facet (every other filter applied), and the carat and price extent (USD). */
export const diamondFacetsSchema = z.object({
  ...(Object.fromEntries(FACET_KEYS.map((key) => [key, counts])) as Record<(typeof FACET_KEYS)[number], typeof counts>),
  carat: boundsSchema.nullable(),
  price: boundsSchema.nullable(),
});

export const pageMetaSchema = z.object({ page_number: z.number().int(), page_size: z.number().int(), total: z.number().int(), total_pages: z.number().int() });

const histogramSchema = z
  .object({
    edges: z.array(z.number()).describe('Bucket edges, ascending: one more than `counts`; empty when no stone is listed'),
    counts: z.array(z.number().int()).describe('Stones in [edges[k], edges[k+1]) (the last bucket includes its top edge), every other filter applied'),
  })
  .describe('About 40 buckets spanning the listed inventory on the slider scale; the edges change only when the inventory does');

/** Stones per carat and per price bucket, each counted with every filter applied but its own (as the facets). */
export const diamondHistogramsSchema = z.object({
  carat: histogramSchema.describe('Linear buckets in carats, edges on 0.01 ct'),
  price: histogramSchema.describe('Logarithmic buckets in USD, edges in whole cents'),
});

export const diamondPageSchema = z.object({
  data: z.array(diamondSchema),
  meta: pageMetaSchema,
  facets: diamondFacetsSchema,
  histograms: diamondHistogramsSchema,
});
