/** The wishlist endpoints' shared steps: the id in the path, and the answers (which give a new guest its cookie). */
import { MAX_ID } from '~/lib/ids.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import type { MoveToCartAnswer, WishlistChange } from '~/features/wishlist/wishlist.schema.ts';
import { CART_COOKIE, rememberGuest, WISHLIST_COOKIE } from '~/server/shopper/owner.ts';
import type { MoveResult } from './wishlist.move.ts';
import type { WishlistResult } from './wishlist.service.ts';

/** The entry or item id in a wishlist path (`/api/wishlist/{id}`, `/api/wishlist/add/{id}`, `/api/move-to-cart/{id}`). */
export const wishlistPathIdSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(MAX_ID, 'is not a known id'),
});

export function wishlistChange(context: APIContext, result: WishlistResult): WishlistChange {
  if (result.token) rememberGuest(context, WISHLIST_COOKIE, result.token);
  return { message: result.message, data: { count: result.count, ...(result.item ? { item: result.item } : {}) } };
}

export function moveAnswer(context: APIContext, message: string, result: MoveResult, all = false): MoveToCartAnswer {
  if (result.cartToken) rememberGuest(context, CART_COOKIE, result.cartToken);
  return {
    message,
    data: result.cart,
    wishlist_count: result.count,
    ...(all ? { moved: result.moved, not_moved: result.notMoved } : {}),
  };
}
