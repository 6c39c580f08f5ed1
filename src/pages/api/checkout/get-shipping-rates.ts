import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { ratesFor } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ addresses: { shipping } }` (or none: the saved address). Saves nothing. */
export const POST = route(checkoutEndpoints.shippingRates, async (input) => ({
  data: await ratesFor(checkoutCaller(input), input.body.addresses?.shipping),
}));

export const ALL = otherMethods(checkoutEndpoints.shippingRates);
