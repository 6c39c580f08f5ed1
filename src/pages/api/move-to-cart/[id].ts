import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { moveAnswer } from '~/server/wishlist/wishlist.http.ts';
import { checkSize } from '~/server/byo/byo.rules.ts';
import { moveEntryToCart } from '~/server/wishlist/wishlist.move.ts';

/**
 * Moves the wishlist entry {id} to the cart; `{ selected_size }` or `{ custom_size }` in the body sizes a
 * ring saved without its size. Not GET: a link or an image on another site must not change a cart.
 */
export const POST = route(wishlistEndpoints.moveToCart, async ({ context, db, shopper, params, body }) =>
  moveAnswer(context, 'Item moved to your cart', await moveEntryToCart(db, shopper.wishlist, shopper.cart, params.id, checkSize(body))),
);

export const ALL = otherMethods(wishlistEndpoints.moveToCart);
