import { wishlistAddSchema } from '~/features/wishlist/wishlist.schema.ts';
import { formAware, readPayload, methodNotAllowed } from '~/server/cart/request.ts';
import { idParam, wishlistChange, wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { addToWishlist } from '~/server/wishlist/wishlist.service.ts';

/** POST /api/wishlist/add/{id} (a product or diamond id) with selected_configurable_option and selected_jewelry_shape. */
export const POST = formAware('/wishlist', async (context) => {
  const id = idParam(context);
  const choices = await readPayload(context.request, wishlistAddSchema);
  const { db, owner } = await wishlistRequest(context);
  return wishlistChange(context, await addToWishlist(db, owner, id, choices));
});

export const ALL = methodNotAllowed('POST');
