import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { removePair } from '~/server/wishlist/wishlist.service.ts';

/** Removes the build-your-own pair whose byo_id is {id}. */
export const DELETE = route(wishlistEndpoints.removeByo, async ({ db, shopper, params }) => ({
  message: 'Item removed from your wishlist',
  data: { count: await removePair(db, shopper.wishlist, params.id) },
}));

export const ALL = otherMethods(wishlistEndpoints.removeByo);
