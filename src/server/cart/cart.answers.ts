/**
 * The cart's answers as zod schemas: the one description of their shape. The presenters' types are
 * inferred from them (src/features/cart/cart.schema.ts re-exports those types to the browser), and the
 * OpenAPI document (src/server/openapi/) is generated from them.
 */
import { z } from 'zod';

/** An amount as the API answers it: `{ name: dollars, formated_name: "$1,234.56" }` (see money() in src/lib/money.ts). */
export const amount = <K extends string>(name: K) =>
  ({ [name]: z.number(), [`formated_${name}`]: z.string() }) as Record<K, z.ZodNumber> & Record<`formated_${K}`, z.ZodString>;

/**
 * The tax of a cart: null until an address is known (the cart then says tax is calculated at
 * checkout); `tax_included`: VAT is part of the prices ("incl. VAT $x") and the total does not grow by it.
 */
export const cartTaxFields = {
  tax_total: z.number().nullable(),
  formated_tax_total: z.string().nullable(),
  /** "Sales tax", "VAT"; null when no address is known or no tax applies there. */
  tax_label: z.string().nullable(),
  tax_included: z.boolean(),
};

export const lineImageSchema = z.object({ medium_image_url: z.string() });

export const lineVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  metal_code: z.string(),
  metal_name: z.string(),
  metal_position: z.number(),
  metal_show_in_products_list: z.boolean(),
  total_carat_weight: z.number(),
  price: z.number(),
  formated_price: z.string(),
});

/** A product or a diamond as the line-item card reads it (docs/api.md). */
export const lineProductSchema = z.object({
  id: z.number().int(),
  type: z.enum(['product', 'diamond']),
  name: z.string(),
  sku: z.string(),
  /** What the card shows under the name: a piece's style number (its product sku, "P-0002"), a stone's stock number. */
  style_number: z.string(),
  url: z.string(),
  /** 1 when it can be bought now; 0 otherwise (the card shows the unavailable overlay). */
  status: z.union([z.literal(0), z.literal(1)]),
  price: z.number(),
  formated_price: z.string(),
  images: z.array(lineImageSchema),
  base_image: lineImageSchema,
  variants: z.array(lineVariantSchema),
  selected_variant: lineVariantSchema.nullable(),
});

export const cartChildSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  quantity: z.number().int(),
  price: z.number(),
  formated_price: z.string(),
  product: lineProductSchema,
});

export const cartItemSchema = z.object({
  id: z.number().int(),
  byo_id: z.string().nullable(),
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  quantity: z.number().int(),
  /** False when the product or its child cannot be bought any more. */
  is_available: z.boolean(),
  /** The unit price of the line: the product plus its child, if any. */
  price: z.number(),
  formated_price: z.string(),
  total: z.number(),
  formated_total: z.string(),
  selected_size: z.string().nullable(),
  custom_size: z.string().nullable(),
  selected_jewelry_shape: z.string().nullable(),
  /** Human-readable choices: metal, carat weight, size, shape. */
  options: z.array(z.string()),
  product: lineProductSchema,
  child: cartChildSchema.nullable(),
});

export const cartSchema = z.object({
  /** null until the shopper's first add creates the cart. */
  id: z.number().int().nullable(),
  items: z.array(cartItemSchema),
  items_count: z.number().int(),
  items_qty: z.number().int(),
  has_unavailable_items: z.boolean(),
  ...amount('sub_total'),
  ...amount('discount_amount'),
  ...amount('shipping_amount'),
  ...amount('grand_total'),
  ...cartTaxFields,
});

export const cartAnswerSchema = z.object({ message: z.string(), data: cartSchema });
