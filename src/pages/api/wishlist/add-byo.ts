import { otherMethods, route } from '~/server/endpoint/route.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { wishlistChange } from '~/server/wishlist/wishlist.http.ts';
import { addPairToWishlist } from '~/server/wishlist/wishlist.service.ts';

/** ids [diamond id, setting id], is_byo true, quantity 1 and the choices (JSON, or a form that lands on /wishlist). */
export const POST = route(wishlistEndpoints.addByo, async ({ context, db, shopper, body: { ids, ...choices } }) =>
  wishlistChange(context, await addPairToWishlist(db, shopper.wishlist, ids, choices)),
);

export const ALL = otherMethods(wishlistEndpoints.addByo);
