/** The wishlist endpoints' shared steps: who is asking, the id in the path, and the answers. */
import { MAX_ID } from '~/lib/ids.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import type { MoveToCartAnswer, WishlistChange } from '~/features/wishlist/wishlist.schema.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { validationError } from '~/server/http.ts';
import { CART_COOKIE, ownerFrom, rememberGuest, WISHLIST_COOKIE, type Owner } from '~/server/shopper/owner.ts';
import type { MoveResult } from './wishlist.move.ts';
import type { WishlistResult } from './wishlist.service.ts';

export async function wishlistRequest(context: APIContext): Promise<{ db: Db; owner: Owner; cartOwner: Owner }> {
  return { db: await getDb(), owner: ownerFrom(context, WISHLIST_COOKIE), cartOwner: ownerFrom(context, CART_COOKIE) };
}

/** The entry or item id in a wishlist path (`/api/wishlist/{id}`, `/api/wishlist/add/{id}`, `/api/move-to-cart/{id}`). */
export const wishlistPathIdSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(MAX_ID, 'is not a known id'),
});

export function idParam(context: APIContext): number {
  const parsed = wishlistPathIdSchema.safeParse(context.params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.id;
}

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
