import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { removeEntries } from '~/server/wishlist/wishlist.service.ts';

/** `{ ids }` (entry ids); without ids the whole wishlist is cleared. */
export const DELETE = route(wishlistEndpoints.clear, async ({ db, shopper, body: { ids } }) => {
  const count = await removeEntries(db, shopper.wishlist, ids ?? 'all', 'ids');
  return { message: ids ? 'The items have been removed from your wishlist' : 'Your wishlist has been cleared', data: { count } };
});

export const ALL = otherMethods(wishlistEndpoints.clear);
