import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { saveShipping } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ selected_shipping_rate_id }` (an id from the rates of this cart and address). */
export const POST = route(checkoutEndpoints.saveShipping, async (input) => ({
  message: 'Shipping method saved',
  data: await saveShipping(checkoutCaller(input), input.body.selected_shipping_rate_id),
}));

export const ALL = otherMethods(checkoutEndpoints.saveShipping);
