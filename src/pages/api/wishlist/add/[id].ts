import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { wishlistChange } from '~/server/wishlist/wishlist.http.ts';
import { addToWishlist } from '~/server/wishlist/wishlist.service.ts';

/** A product or diamond id, with selected_configurable_option and selected_jewelry_shape (JSON, or a form that lands on /wishlist). */
export const POST = route(wishlistEndpoints.add, async ({ context, db, shopper, params, body }) =>
  wishlistChange(context, await addToWishlist(db, shopper.wishlist, params.id, body)),
);

export const ALL = otherMethods(wishlistEndpoints.add);
