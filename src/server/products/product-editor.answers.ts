/** The back office's view of one product (GET/PATCH /api/admin/products/{id}, its photos' routes), as zod schemas. */
import { z } from 'zod';

export const staffVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  metal_code: z.string(),
  metal_name: z.string(),
  total_carat_weight: z.number(),
  price: z.number().describe('Dollars'),
  price_cents: z.number().int(),
  formated_price: z.string(),
});

export const staffPhotoSchema = z.object({
  id: z.number().int().describe('The id DELETE /api/admin/products/{id}/photos/{photoId} and photo_order name'),
  photo: z.string().describe('The digest that names its files under /images/photos/'),
  position: z.number().int().describe('1 for the first'),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variant_id: z.number().int().nullable().describe("A variant's own photograph (from an import); null for the product's"),
  src: z.string().describe('The JPEG the shop shows, about 640 px wide'),
  thumbnail: z.string().describe('The smallest JPEG'),
});

export const staffProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().describe('The handle (Shopify), fixed'),
  sku: z.string(),
  url: z.string().describe("The product's page in the shop"),
  on_sale: z.boolean(),
  description: z.string().describe('Plain text, for search, listings and meta tags'),
  body_html: z.string().nullable().describe('The description as the product page shows it (sanitised HTML)'),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: z.number().describe("The cheapest variant's, in dollars"),
  price_cents: z.number().int(),
  formated_price: z.string(),
  variants: z.array(staffVariantSchema).describe('The variants on sale'),
  photos: z.array(staffPhotoSchema).describe('In the order the shop shows them'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffProduct = z.output<typeof staffProductSchema>;

export const staffProductAnswerSchema = z.object({ data: staffProductSchema });
export const staffProductChangeAnswerSchema = z.object({ message: z.string(), data: staffProductSchema });
