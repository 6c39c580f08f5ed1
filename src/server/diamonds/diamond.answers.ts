/** The diamond catalogue's answers as zod schemas: their one description (types for the islands, OpenAPI document). */
import { z } from 'zod';
import { FACET_KEYS } from '~/features/diamonds/diamond-query.ts';

export const diamondImageSchema = z.object({
  small_image_url: z.string(),
  medium_image_url: z.string(),
  large_image_url: z.string(),
  original_image_url: z.string(),
});

export const diamondSchema = z.object({
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
});

export const boundsSchema = z.object({ min: z.number(), max: z.number() });

const counts = z.record(z.string(), z.number().int());

/** Counts per grade for each facet (every other filter applied), and the carat and price extent (USD). */
export const diamondFacetsSchema = z.object({
  ...(Object.fromEntries(FACET_KEYS.map((key) => [key, counts])) as Record<(typeof FACET_KEYS)[number], typeof counts>),
  carat: boundsSchema.nullable(),
  price: boundsSchema.nullable(),
});

export const pageMetaSchema = z.object({ page_number: z.number().int(), page_size: z.number().int(), total: z.number().int(), total_pages: z.number().int() });

export const diamondPageSchema = z.object({ data: z.array(diamondSchema), meta: pageMetaSchema, facets: diamondFacetsSchema });
