import { endpoint } from '~/server/http.ts';
import { idParam, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { removeEntries } from '~/server/wishlist/wishlist.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** DELETE /api/wishlist/{id}: removes the entry with that id (a pair as a whole). */
export const DELETE = endpoint(async (context) => {
  const id = idParam(context);
  const { db, owner } = await wishlistRequest(context);
  return { message: 'Item removed from your wishlist', data: { count: await removeEntries(db, owner, [id]) } };
});

export const ALL = methodNotAllowed('DELETE');
