import { endpoint } from '~/server/http.ts';
import { cartAnswer, cartRequest } from '~/server/cart/cart.http.ts';
import { getCart } from '~/server/cart/cart.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** GET /api/checkout/cart: the shopper's cart (an empty one, id null, before the first add). */
export const GET = endpoint(async (context) => {
  const { db, owner } = await cartRequest(context);
  const cart = await getCart(db, owner);
  return cartAnswer(context, cart.items.length ? 'Your cart' : 'Your cart is empty', cart);
});

export const ALL = methodNotAllowed('GET');
