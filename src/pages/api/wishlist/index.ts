import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { listWishlist } from '~/server/wishlist/wishlist.service.ts';

/** `?page=`: a page of entries, newest first, with `meta` for paging. */
export const GET = route(wishlistEndpoints.page, ({ db, shopper, query }) => listWishlist(db, shopper.wishlist, query.page));

export const ALL = otherMethods(wishlistEndpoints.page);
