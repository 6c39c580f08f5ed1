import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { applyCredit, creditMessage } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ amount }` in dollars: applies up to the balance and the total. */
export const POST = route(cartEndpoints.applyStoreCredit, async (input) => {
  const { cart, applied } = await applyCredit(checkoutCaller(input), Math.round(input.body.amount * 100));
  return { message: creditMessage(applied), data: cart };
});

export const ALL = otherMethods(cartEndpoints.applyStoreCredit);
