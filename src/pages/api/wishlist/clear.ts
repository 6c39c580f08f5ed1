import { wishlistClearSchema } from '~/features/wishlist/wishlist.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { removeEntries } from '~/server/wishlist/wishlist.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** DELETE /api/wishlist/clear with `{ ids }` (entry ids); without ids the whole wishlist is cleared. */
export const DELETE = endpoint(async (context) => {
  const { ids } = await readBody(context.request, wishlistClearSchema);
  const { db, owner } = await wishlistRequest(context);
  const count = await removeEntries(db, owner, ids ?? 'all', 'ids');
  return { message: ids ? 'The items have been removed from your wishlist' : 'Your wishlist has been cleared', data: { count } };
});

export const ALL = methodNotAllowed('DELETE');
