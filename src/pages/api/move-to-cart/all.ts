import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { moveAnswer } from '~/server/wishlist/wishlist.http.ts';
import { moveAllToCart } from '~/server/wishlist/wishlist.move.ts';

/** Moves every entry that can be bought; `not_moved` says why the others stayed. GET answers 405: another site's link must not change a cart. */
export const POST = route(wishlistEndpoints.moveAllToCart, async ({ context, db, shopper }) => {
  const result = await moveAllToCart(db, shopper.wishlist, shopper.cart);
  const message =
    !result.moved.length && !result.notMoved.length
      ? 'Your wishlist is empty'
      : result.notMoved.length
        ? `${result.moved.length} of ${result.moved.length + result.notMoved.length} items moved to your cart`
        : 'All items moved to your cart';
  return moveAnswer(context, message, result, true);
});

export const ALL = otherMethods(wishlistEndpoints.moveAllToCart);
