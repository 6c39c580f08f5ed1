import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { savePayment } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ payment: { method } }`. */
export const POST = route(checkoutEndpoints.savePayment, async (input) => ({
  message: 'Payment method saved',
  data: await savePayment(checkoutCaller(input), input.body.payment.method),
}));

export const ALL = otherMethods(checkoutEndpoints.savePayment);
