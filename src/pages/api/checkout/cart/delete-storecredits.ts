import { methodNotAllowed } from '~/server/cart/request.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { removeStoreCreditSchema } from '~/features/checkout/checkout.schema.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { removeCredit } from '~/server/checkout/checkout.service.ts';

/** DELETE /api/checkout/cart/delete-storecredits (body `{ data }` accepted and not needed): uses no store credit. */
export const DELETE = endpoint(async (context) => {
  await readBody(context.request, removeStoreCreditSchema);
  return { message: 'Store credit removed', data: await removeCredit(await checkoutRequest(context)) };
});

export const ALL = methodNotAllowed('DELETE');
