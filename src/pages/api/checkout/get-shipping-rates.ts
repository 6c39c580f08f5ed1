import { methodNotAllowed } from '~/server/cart/request.ts';
import { shippingRatesSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { ratesFor } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/get-shipping-rates with `{ addresses: { shipping } }` (or none: the saved address). Saves nothing. */
export const POST = endpoint(async (context) => {
  const { addresses } = await readBody(context.request, shippingRatesSchema);
  return { data: await ratesFor(await checkoutRequest(context), addresses?.shipping) };
});

export const ALL = methodNotAllowed('POST');
