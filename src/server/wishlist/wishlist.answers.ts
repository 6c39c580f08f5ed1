/** The wishlist's answers as zod schemas: their one description (types for the browser, OpenAPI document). */
import { z } from 'zod';
import { cartSchema, lineProductSchema } from '~/server/cart/cart.answers.ts';

export const wishlistEntrySchema = z.object({
  /** The entry's id (for a pair, its setting's row): what DELETE /api/wishlist/{id} and move-to-cart take. */
  id: z.number().int(),
  byo_id: z.string().nullable(),
  product_id: z.number().int(),
  selected_configurable_option: z.number().int().nullable(),
  selected_jewelry_shape: z.string().nullable(),
  selected_size: z.string().nullable(),
  custom_size: z.string().nullable(),
  /** A ring saved without its size: it moves to the cart only with one (`selected_size` or `custom_size`). */
  needs_size: z.boolean(),
  is_available: z.boolean(),
  price: z.number(),
  formated_price: z.string(),
  options: z.array(z.string()),
  product: lineProductSchema,
  child: z.object({ id: z.number().int(), product_id: z.number().int(), product: lineProductSchema }).nullable(),
  added_on: z.string(),
});

export const wishlistPageAnswerSchema = z.object({
  data: z.array(wishlistEntrySchema),
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});

export const wishlistChangeSchema = z.object({
  message: z.string(),
  data: z.object({ count: z.number().int(), item: wishlistEntrySchema.optional() }),
});

export const wishlistCountSchema = z.object({ data: z.object({ count: z.number().int() }) });

export const moveToCartAnswerSchema = z.object({
  message: z.string(),
  /** The cart after the move. */
  data: cartSchema,
  wishlist_count: z.number().int(),
  /** move-to-cart/all only: the entries moved, and why the others stayed. */
  moved: z.array(z.number().int()).optional(),
  not_moved: z.array(z.object({ id: z.number().int(), message: z.string() })).optional(),
});
