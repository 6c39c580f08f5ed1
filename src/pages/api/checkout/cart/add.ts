import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { cartAnswer } from '~/server/cart/cart.http.ts';
import { addToCart } from '~/server/cart/cart.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** Adds a line (JSON, or an HTML form that lands on /cart). */
export const POST = route(cartEndpoints.add, async ({ context, db, shopper, body }) => {
  const { cart, token } = await addToCart(db, shopper.cart, body);
  return cartAnswer(context, 'Item added to your cart', cart, token);
});

export const ALL = otherMethods(cartEndpoints.add);
