import { endpoint } from '~/server/http.ts';
import { wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { countWishlist } from '~/server/wishlist/wishlist.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** GET /api/wishlist/count: `{ data: { count } }`, the header badge's number. */
export const GET = endpoint(async (context) => {
  const { db, owner } = await wishlistRequest(context);
  return { data: { count: await countWishlist(db, owner) } };
});

export const ALL = methodNotAllowed('GET');
