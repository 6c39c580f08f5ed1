import { cartAddSchema } from '~/features/cart/cart.schema.ts';
import { cartAnswer, cartRequest } from '~/server/cart/cart.http.ts';
import { addToCart } from '~/server/cart/cart.service.ts';
import { formAware, readPayload, methodNotAllowed } from '~/server/cart/request.ts';

/** POST /api/checkout/cart/add with the cart-add payload (JSON, or an HTML form that lands on /cart). */
export const POST = formAware('/cart', async (context) => {
  const add = await readPayload(context.request, cartAddSchema);
  const { db, owner } = await cartRequest(context);
  const { cart, token } = await addToCart(db, owner, add);
  return cartAnswer(context, 'Item added to your cart', cart, token);
});

export const ALL = methodNotAllowed('POST');
