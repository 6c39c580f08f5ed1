import { wishlistAddByoSchema } from '~/features/wishlist/wishlist.schema.ts';
import { formAware, readPayload, methodNotAllowed } from '~/server/cart/request.ts';
import { wishlistChange, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { addPairToWishlist } from '~/server/wishlist/wishlist.service.ts';

/** POST /api/wishlist/add-byo with ids [diamond id, setting id], is_byo true, quantity 1 and the choices. */
export const POST = formAware('/wishlist', async (context) => {
  const { ids, ...choices } = await readPayload(context.request, wishlistAddByoSchema);
  const { db, owner } = await wishlistRequest(context);
  return wishlistChange(context, await addPairToWishlist(db, owner, ids, choices));
});

export const ALL = methodNotAllowed('POST');
