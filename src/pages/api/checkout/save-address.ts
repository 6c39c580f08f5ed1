import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { saveAddress } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ billing, shipping, instructions }`: saves both, answers the cart and the rates. */
export const POST = route(checkoutEndpoints.saveAddress, async (input) => {
  const { cart, rates } = await saveAddress(checkoutCaller(input), input.body);
  return { message: 'Address saved', data: { cart, rates } };
});

export const ALL = otherMethods(checkoutEndpoints.saveAddress);
