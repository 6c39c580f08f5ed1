import { methodNotAllowed } from '~/server/cart/request.ts';
import { couponSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { applyCoupon, removeCoupon } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/cart/coupon with `{ code }`: applies it (one per cart; a new code replaces the old). */
export const POST = endpoint(async (context) => {
  const { code } = await readBody(context.request, couponSchema);
  return { message: 'Coupon applied', data: await applyCoupon(await checkoutRequest(context), code) };
});

/** DELETE /api/checkout/cart/coupon: removes the cart's coupon. */
export const DELETE = endpoint(async (context) => ({ message: 'Coupon removed', data: await removeCoupon(await checkoutRequest(context)) }));

export const ALL = methodNotAllowed('POST', 'DELETE');
