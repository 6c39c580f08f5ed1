import { endpoint } from '~/server/http.ts';
import { wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { removePair } from '~/server/wishlist/wishlist.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** DELETE /api/wishlist/remove-byo/{id}: removes the build-your-own pair whose byo_id is {id}. */
export const DELETE = endpoint(async (context) => {
  const { db, owner } = await wishlistRequest(context);
  return { message: 'Item removed from your wishlist', data: { count: await removePair(db, owner, String(context.params.id)) } };
});

export const ALL = methodNotAllowed('DELETE');
