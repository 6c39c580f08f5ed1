import { methodNotAllowed } from '~/server/cart/request.ts';
import { saveShippingSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { saveShipping } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/save-shipping with `{ selected_shipping_rate_id }` (an id from the rates of this cart and address). */
export const POST = endpoint(async (context) => {
  const { selected_shipping_rate_id } = await readBody(context.request, saveShippingSchema);
  return { message: 'Shipping method saved', data: await saveShipping(await checkoutRequest(context), selected_shipping_rate_id) };
});

export const ALL = methodNotAllowed('POST');
