import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { updateOrder } from '~/server/checkout/update-order.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ cart_id, orderId, orderToken, paymentData, paymentMethod }`: pays an unpaid order. */
export const POST = route(checkoutEndpoints.updateOrder, ({ db, body }) => updateOrder(db, body));

export const ALL = otherMethods(checkoutEndpoints.updateOrder);
