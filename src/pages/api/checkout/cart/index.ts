import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { cartAnswer } from '~/server/cart/cart.http.ts';
import { getCart } from '~/server/cart/cart.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The shopper's cart (an empty one, id null, before the first add). */
export const GET = route(cartEndpoints.get, async ({ context, db, shopper }) => {
  const cart = await getCart(db, shopper.cart);
  return cartAnswer(context, cart.items.length ? 'Your cart' : 'Your cart is empty', cart);
});

export const ALL = otherMethods(cartEndpoints.get);
