import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { moveAnswer } from '~/server/wishlist/wishlist.http.ts';
import { checkSize } from '~/server/byo/byo.rules.ts';
import { movePairToCart } from '~/server/wishlist/wishlist.move.ts';

/** `{ byoID }` (and `selected_size` or `custom_size` for a pair saved without a size): the pair goes to the cart as one line. */
export const POST = route(wishlistEndpoints.moveByoToCart, async ({ context, db, shopper, body: { byoID, ...size } }) =>
  moveAnswer(context, 'Item moved to your cart', await movePairToCart(db, shopper.wishlist, shopper.cart, byoID, checkSize(size))),
);

export const ALL = otherMethods(wishlistEndpoints.moveByoToCart);
