import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { removeEntries } from '~/server/wishlist/wishlist.service.ts';

/** Removes the entry with that id (a pair as a whole). */
export const DELETE = route(wishlistEndpoints.remove, async ({ db, shopper, params }) => ({
  message: 'Item removed from your wishlist',
  data: { count: await removeEntries(db, shopper.wishlist, [params.id]) },
}));

export const ALL = otherMethods(wishlistEndpoints.remove);
