import { cartDeleteAllSchema } from '~/features/cart/cart.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { cartAnswer, cartRequest } from '~/server/cart/cart.http.ts';
import { removeAll } from '~/server/cart/cart.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** DELETE /api/checkout/cart/delete-items-all with `{ data: { cart_id } }`. */
export const DELETE = endpoint(async (context) => {
  const { data } = await readBody(context.request, cartDeleteAllSchema);
  const { db, owner } = await cartRequest(context);
  return cartAnswer(context, 'All items have been removed from your cart', await removeAll(db, owner, data.cart_id));
});

export const ALL = methodNotAllowed('DELETE');
