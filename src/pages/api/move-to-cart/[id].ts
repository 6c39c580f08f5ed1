import { endpoint, validationError } from '~/server/http.ts';
import { moveSizeSchema } from '~/features/wishlist/wishlist.schema.ts';
import { checkSize } from '~/server/byo/byo.rules.ts';
import { idParam, moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { moveEntryToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/**
 * GET /api/move-to-cart/{id}: moves the wishlist entry {id} to the cart (GET, as the spec has it);
 * `?selected_size=` or `?custom_size=` sizes a ring saved without its size.
 */
export const GET = endpoint(async (context) => {
  const id = idParam(context);
  const query = moveSizeSchema.safeParse({ selected_size: context.url.searchParams.get('selected_size') ?? undefined, custom_size: context.url.searchParams.get('custom_size') ?? undefined });
  if (!query.success) throw validationError(query.error);
  const size = query.data;
  const { db, owner, cartOwner } = await wishlistRequest(context);
  return moveAnswer(context, 'Item moved to your cart', await moveEntryToCart(db, owner, cartOwner, id, checkSize(size)));
});

export const ALL = methodNotAllowed('GET');
