import { cartUpdateSchema } from '~/features/cart/cart.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { cartAnswer, cartRequest } from '~/server/cart/cart.http.ts';
import { updateQuantities } from '~/server/cart/cart.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** PUT /api/checkout/cart/update with `{ data: { items: [{ id, quantity }] } }`. */
export const PUT = endpoint(async (context) => {
  const { data } = await readBody(context.request, cartUpdateSchema);
  const { db, owner } = await cartRequest(context);
  return cartAnswer(context, 'Your cart has been updated', await updateQuantities(db, owner, data.items));
});

export const ALL = methodNotAllowed('PUT');
