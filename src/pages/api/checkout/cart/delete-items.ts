import { cartDeleteItemSchema } from '~/features/cart/cart.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { cartAnswer, cartRequest } from '~/server/cart/cart.http.ts';
import { removeItem } from '~/server/cart/cart.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** DELETE /api/checkout/cart/delete-items with `{ data: { byo_id, cart_id, product_id } }`. */
export const DELETE = endpoint(async (context) => {
  const { data } = await readBody(context.request, cartDeleteItemSchema);
  const { db, owner } = await cartRequest(context);
  return cartAnswer(context, 'Item removed from your cart', await removeItem(db, owner, data));
});

export const ALL = methodNotAllowed('DELETE');
