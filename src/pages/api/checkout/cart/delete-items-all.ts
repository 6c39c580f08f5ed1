import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { cartAnswer } from '~/server/cart/cart.http.ts';
import { removeAll } from '~/server/cart/cart.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ data: { cart_id } }`. */
export const DELETE = route(cartEndpoints.removeAll, async ({ context, db, shopper, body }) =>
  cartAnswer(context, 'All items have been removed from your cart', await removeAll(db, shopper.cart, body.data.cart_id)),
);

export const ALL = otherMethods(cartEndpoints.removeAll);
