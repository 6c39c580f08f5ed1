import { moveByoSchema } from '~/features/wishlist/wishlist.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkSize } from '~/server/byo/byo.rules.ts';
import { moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { movePairToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** POST /api/wishlist/move-byo-to-cart with `{ byoID }` (and `selected_size` or `custom_size` for a pair saved without a size): the pair goes to the cart as one line. */
export const POST = endpoint(async (context) => {
  const { byoID, ...size } = await readBody(context.request, moveByoSchema);
  const { db, owner, cartOwner } = await wishlistRequest(context);
  return moveAnswer(context, 'Item moved to your cart', await movePairToCart(db, owner, cartOwner, byoID, checkSize(size)));
});

export const ALL = methodNotAllowed('POST');
