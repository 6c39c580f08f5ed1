import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { cartAnswer } from '~/server/cart/cart.http.ts';
import { updateQuantities } from '~/server/cart/cart.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ data: { items: [{ id, quantity }] } }`. */
export const PUT = route(cartEndpoints.update, async ({ context, db, shopper, body }) =>
  cartAnswer(context, 'Your cart has been updated', await updateQuantities(db, shopper.cart, body.data.items)),
);

export const ALL = otherMethods(cartEndpoints.update);
