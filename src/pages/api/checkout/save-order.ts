import { methodNotAllowed } from '~/server/cart/request.ts';
import { saveOrderSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { placeOrder } from '~/server/checkout/place-order.ts';

/** POST /api/checkout/save-order with `{ paymentData }`: places the order (idempotent per cart). */
export const POST = endpoint(async (context) => {
  await readBody(context.request, saveOrderSchema);
  return placeOrder(await checkoutRequest(context));
});

export const ALL = methodNotAllowed('POST');
