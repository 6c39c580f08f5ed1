/** The wishlist's wire contract (docs/api.md), shared by the server and the browser. */
import { MAX_ID } from '~/lib/ids.ts';
import { z } from 'zod';
import { flag, optionalId, optionalText } from '~/features/cart/cart.schema.ts';
import type { moveToCartAnswerSchema, wishlistChangeSchema, wishlistEntrySchema, wishlistPageAnswerSchema } from '~/server/wishlist/wishlist.answers.ts';

/** GET /api/wishlist?page=: entries per page (a build-your-own pair is one entry). */
export const WISHLIST_PAGE_SIZE = 12;
/** The most entries one wishlist keeps. */
export const WISHLIST_LIMIT = 200;

export const wishlistPageSchema = z.object({
  page: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1)),
});

/** POST /api/wishlist/add/{id}: the API's wishlist add (plus an optional ring size). */
export const wishlistAddSchema = z.object({
  selected_configurable_option: optionalId,
  selected_jewelry_shape: optionalText,
  selected_size: optionalText,
});
export type WishlistAddPayload = z.input<typeof wishlistAddSchema>;

/** POST /api/wishlist/add-byo: ids (diamond id, product id), is_byo, quantity always 1. */
export const wishlistAddByoSchema = z.object({
  ids: z
    .array(z.coerce.number({ error: 'must be a product or diamond id' }).int().positive().max(MAX_ID, 'is not a known id'), {
      error: 'must be a diamond id and a setting id',
    })
    .length(2, 'must be a diamond id and a setting id'),
  is_byo: flag.refine((v) => v, 'must be true'),
  quantity: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : v),
    z.coerce.number().refine((n) => n === 1, 'must be 1'),
  ),
  selected_configurable_option: optionalId,
  selected_jewelry_shape: optionalText,
  selected_size: optionalText,
  custom_size: optionalText,
});
export type WishlistAddByoPayload = z.input<typeof wishlistAddByoSchema>;

/** DELETE /api/wishlist/clear: `{ ids }` (entry ids); without ids, everything goes. */
export const wishlistClearSchema = z.object({
  ids: z.array(z.coerce.number().int().positive('must be wishlist entry ids').max(MAX_ID, 'is not a known id')).max(500).optional(),
});

/** The ring size given as a ring saved without one moves to the cart (one of the two). */
export const moveSizeSchema = z.object({ selected_size: optionalText, custom_size: optionalText });
export type MoveSize = z.input<typeof moveSizeSchema>;

/** POST /api/wishlist/move-byo-to-cart: `{ byoID }`, and the ring size when the pair was saved without one. */
export const moveByoSchema = moveSizeSchema.extend({ byoID: z.string({ error: 'must be the byo_id of a wishlist pair' }).min(1).max(64) });

// The answers' shapes are zod schemas in src/server/wishlist/wishlist.answers.ts; type-only here.
export type WishlistEntry = z.output<typeof wishlistEntrySchema>;
export type WishlistPage = z.output<typeof wishlistPageAnswerSchema>;
export type WishlistChange = z.output<typeof wishlistChangeSchema>;
export type MoveToCartAnswer = z.output<typeof moveToCartAnswerSchema>;
