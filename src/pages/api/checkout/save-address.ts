import { methodNotAllowed } from '~/server/cart/request.ts';
import { saveAddressSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { saveAddress } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/save-address with `{ billing, shipping, instructions }`: saves both, answers the cart and the rates. */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, saveAddressSchema);
  const { cart, rates } = await saveAddress(await checkoutRequest(context), input);
  return { message: 'Address saved', data: { cart, rates } };
});

export const ALL = methodNotAllowed('POST');
