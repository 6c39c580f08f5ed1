import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { methodsFor } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ checkCart }`: the methods for this cart (checkCart: refuse a cart not ready). */
export const POST = route(checkoutEndpoints.paymentMethods, async (input) => ({
  data: await methodsFor(checkoutCaller(input), input.body.checkCart ?? false),
}));

export const ALL = otherMethods(checkoutEndpoints.paymentMethods);
