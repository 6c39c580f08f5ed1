/** The product catalogue's answers as zod schemas: their one description (types for the islands, OpenAPI document). */
import { z } from 'zod';
import { diamondImageSchema, pageMetaSchema } from '~/server/diamonds/diamonds.answers.ts';
import { lineVariantSchema } from '~/server/cart/cart.answers.ts';

/** The picture in every size (as a diamond's), drawn in one metal. */
export const productImageSchema = diamondImageSchema.extend({ metal: z.string() });

export const metalSwatchSchema = z.object({
  code: z.string(),
  admin_name: z.string(),
  attribute_swatch_type: z.enum(['image', 'color']),
  /** A colour as plain text (#e4e4e1) or JSON ({"from":…,"to":…}), or an image path. */
  attribute_swatch_value: z.string(),
  position: z.number(),
});

/** A photograph of a product: its sizes in AVIF, WebP and JPEG as `srcset`s, a JPEG `src`, and its shape. */
export const productPhotoSchema = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  /** The variant whose own photograph it is; null: the product's. */
  variant_id: z.number().int().nullable(),
});

/** A variant as the catalogue shows it: the line-item card's variant, and more. */
export const productVariantSchema = lineVariantSchema.extend({
  /** The weight as the trade writes it: "1/2", "1 1/2" (docs/api.md); "0" for plain metal. */
  total_carat_weight_fraction: z.string(),
  status: z.boolean(),
  image_url: z.string(),
  /** What image_url shows: style, metal, view (and stone shape). */
  image_alt: z.string(),
  /** The photograph the variant is shown with (its own, else the product's first); null: the drawing (image_url). */
  photo: productPhotoSchema.nullable(),
});

export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  status: z.boolean(),
  price: z.number(),
  formated_price: z.string(),
  description: z.string(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  style: z.string(),
  /** Which piece of its style the product is, as drawn (src/server/images/jewellery/index.ts DESIGNS). */
  design: z.string(),
  is_byo: z.boolean(),
  has_ring_size: z.boolean(),
  accepted_shapes: z.array(z.string()),
  carat_min: z.number().nullable(),
  carat_max: z.number().nullable(),
  images: z.array(productImageSchema),
  base_image: productImageSchema,
  /** The jeweller's photographs in order (empty: the drawings in images stand in). */
  photos: z.array(productPhotoSchema),
  /** The description as sanitised HTML (an imported Body (HTML)); null: `description` is plain text. */
  body_html: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  variants: z.array(productVariantSchema),
  attributes: z.object({ metal: z.array(metalSwatchSchema), style: z.array(z.object({ code: z.string(), admin_name: z.string() })) }),
  created_at: z.string(),
  /** GET {api}/products/{id} only: the centre stone's shape the piece is viewed for (`js`), or null. */
  selected_jewelry_shape: z.string().nullable().optional(),
});

const counts = z.record(z.string(), z.number().int());

export const productFacetsSchema = z.object({ metal: counts, style: counts, shape: counts, price: z.object({ min: z.number(), max: z.number() }).nullable() });

export const productPageSchema = z.object({ data: z.array(productSchema), meta: pageMetaSchema, facets: productFacetsSchema });
