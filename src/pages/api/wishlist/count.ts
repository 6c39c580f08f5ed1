import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { countWishlist } from '~/server/wishlist/wishlist.service.ts';

/** `{ data: { count } }`, the header badge's number. */
export const GET = route(wishlistEndpoints.count, async ({ db, shopper }) => ({ data: { count: await countWishlist(db, shopper.wishlist) } }));

export const ALL = otherMethods(wishlistEndpoints.count);
