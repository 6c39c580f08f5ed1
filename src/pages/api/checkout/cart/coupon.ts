import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { checkoutCaller } from '~/server/checkout/checkout.http.ts';
import { applyCoupon, removeCoupon } from '~/server/checkout/checkout.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ code }`: applies it (one per cart; a new code replaces the old). */
export const POST = route(cartEndpoints.applyCoupon, async (input) => ({
  message: 'Coupon applied',
  data: await applyCoupon(checkoutCaller(input), input.body.code),
}));

export const DELETE = route(cartEndpoints.removeCoupon, async (input) => ({ message: 'Coupon removed', data: await removeCoupon(checkoutCaller(input)) }));

export const ALL = otherMethods(cartEndpoints.applyCoupon, cartEndpoints.removeCoupon);
