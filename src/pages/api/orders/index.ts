import { otherMethods, route } from '~/server/endpoint/route.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';
import { customerOrders, parsePageQuery } from '~/server/orders/orders.service.ts';

/**
 * ?page (from 1, default 1) & limit (1–50, default 10); newest first. The query is read here, not by
 * route(): an empty `page=` or `limit=` counts as absent, and the first of a repeated one counts.
 */
export const GET = route({ ...ordersEndpoints.list, query: undefined }, ({ context, customer }) =>
  customerOrders(customer, parsePageQuery(context.url.searchParams)),
);

export const ALL = otherMethods(ordersEndpoints.list);
