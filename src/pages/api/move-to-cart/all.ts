import { endpoint } from '~/server/http.ts';
import { moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { moveAllToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/**
 * POST /api/move-to-cart/all: moves every entry that can be bought; `not_moved` says why the others stayed.
 * GET answers 405 (`Allow: POST`): another site's link must not change a cart.
 */
export const POST = endpoint(async (context) => {
  const { db, owner, cartOwner } = await wishlistRequest(context);
  const result = await moveAllToCart(db, owner, cartOwner);
  const message =
    !result.moved.length && !result.notMoved.length
      ? 'Your wishlist is empty'
      : result.notMoved.length
        ? `${result.moved.length} of ${result.moved.length + result.notMoved.length} items moved to your cart`
        : 'All items moved to your cart';
  return moveAnswer(context, message, result, true);
});

export const ALL = methodNotAllowed('POST');
