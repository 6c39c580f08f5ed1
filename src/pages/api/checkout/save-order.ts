import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { placeOrder } from '~/server/checkout/place-order.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ paymentData }` (checked, not needed): places the order (idempotent per cart). */
export const POST = route(checkoutEndpoints.saveOrder, (input) => placeOrder(checkoutCaller(input)));

export const ALL = otherMethods(checkoutEndpoints.saveOrder);
