import { endpoint, readBody } from '~/server/http.ts';
import { moveSizeSchema } from '~/features/wishlist/wishlist.schema.ts';
import { checkSize } from '~/server/byo/byo.rules.ts';
import { idParam, moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { moveEntryToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/**
 * POST /api/move-to-cart/{id}: moves the wishlist entry {id} to the cart; `{ selected_size }` or
 * `{ custom_size }` in the body sizes a ring saved without its size. Not GET (the API's method): a link or
 * an image on another site must not change a cart, so GET answers 405 with `Allow: POST`.
 */
export const POST = endpoint(async (context) => {
  const id = idParam(context);
  const size = await readBody(context.request, moveSizeSchema);
  const { db, owner, cartOwner } = await wishlistRequest(context);
  return moveAnswer(context, 'Item moved to your cart', await moveEntryToCart(db, owner, cartOwner, id, checkSize(size)));
});

export const ALL = methodNotAllowed('POST');
