import { methodNotAllowed } from '~/server/cart/request.ts';
import { paymentMethodsSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { methodsFor } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/get-payment-methods with `{ checkCart }`: the methods for this cart (checkCart: refuse a cart not ready). */
export const POST = endpoint(async (context) => {
  const { checkCart } = await readBody(context.request, paymentMethodsSchema);
  return { data: await methodsFor(await checkoutRequest(context), checkCart ?? false) };
});

export const ALL = methodNotAllowed('POST');
