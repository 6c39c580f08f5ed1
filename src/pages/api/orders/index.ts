import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerOrders, parsePageQuery } from '~/server/orders/orders.service.ts';

/** ?page (from 1, default 1) & limit (1–50, default 10); newest first. */
export const GET = endpoint(async ({ locals, url }) => customerOrders(requireCustomer(locals), parsePageQuery(url.searchParams)));

export const ALL = methodNotAllowed('GET');
