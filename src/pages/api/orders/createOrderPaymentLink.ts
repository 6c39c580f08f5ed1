import { otherMethods, route } from '~/server/endpoint/route.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';
import { createPaymentLink, parseOrderId } from '~/server/orders/orders.service.ts';

/** `{ id }`: the order's id, a number or its digits; one that names no order of the caller's is a 404. */
export const POST = route(ordersEndpoints.paymentLink, async ({ customer, body }) => {
  const link = await createPaymentLink(customer, parseOrderId(body.id));
  return { message: 'Follow the link to pay for this order.', data: link, url: link.url };
});

export const ALL = otherMethods(ordersEndpoints.paymentLink);
