import { otherMethods, route } from '~/server/endpoint/route.ts';
import { notFound } from '~/server/endpoint/http.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';
import { customerOrder } from '~/server/orders/orders.service.ts';

export const GET = route(ordersEndpoints.order, async ({ customer, params }) => {
  // Text that is no record id names no order of the caller's (recordPathSchema, src/server/endpoint/record-id.ts).
  if (params.id === undefined) throw notFound('Order not found');
  return { data: await customerOrder(customer, params.id) };
});

export const ALL = otherMethods(ordersEndpoints.order);
