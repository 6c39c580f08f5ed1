import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { removeCredit } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The body `{ data }` is accepted and not needed: uses no store credit. */
export const DELETE = route(cartEndpoints.removeStoreCredit, async (input) => ({
  message: 'Store credit removed',
  data: await removeCredit(checkoutCaller(input)),
}));

export const ALL = otherMethods(cartEndpoints.removeStoreCredit);
