import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { cartAnswer } from '~/server/cart/cart.http.ts';
import { removeItem } from '~/server/cart/cart.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ data: { byo_id, cart_id, product_id } }`. */
export const DELETE = route(cartEndpoints.removeItem, async ({ context, db, shopper, body }) =>
  cartAnswer(context, 'Item removed from your cart', await removeItem(db, shopper.cart, body.data)),
);

export const ALL = otherMethods(cartEndpoints.removeItem);
