import { moveByoSchema } from '~/features/wishlist/wishlist.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { moveAnswer, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { movePairToCart } from '~/server/wishlist/wishlist.move.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** POST /api/wishlist/move-byo-to-cart with `{ byoID }`: the pair goes to the cart as one line. */
export const POST = endpoint(async (context) => {
  const { byoID } = await readBody(context.request, moveByoSchema);
  const { db, owner, cartOwner } = await wishlistRequest(context);
  return moveAnswer(context, 'Item moved to your cart', await movePairToCart(db, owner, cartOwner, byoID));
});

export const ALL = methodNotAllowed('POST');
