import { endpoint } from '~/server/http.ts';
import { idParam, moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { moveEntryToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** GET /api/move-to-cart/{id}: moves the wishlist entry {id} to the cart (GET, as the spec has it). */
export const GET = endpoint(async (context) => {
  const id = idParam(context);
  const { db, owner, cartOwner } = await wishlistRequest(context);
  return moveAnswer(context, 'Item moved to your cart', await moveEntryToCart(db, owner, cartOwner, id));
});

export const ALL = methodNotAllowed('GET');
