import { methodNotAllowed } from '~/server/cart/request.ts';
import { storeCreditSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { applyCredit, creditMessage } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/cart/store-credits with `{ amount }` in dollars: applies up to the balance and the total. */
export const POST = endpoint(async (context) => {
  const { amount } = await readBody(context.request, storeCreditSchema);
  const { cart, applied } = await applyCredit(await checkoutRequest(context), Math.round(amount * 100));
  return { message: creditMessage(applied), data: cart };
});

export const ALL = methodNotAllowed('POST');
