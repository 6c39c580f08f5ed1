import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerOrder, parseOrderId } from '~/server/orders/orders.service.ts';

export const GET = endpoint(async ({ locals, params }) => ({ data: await customerOrder(requireCustomer(locals), parseOrderId(params.id)) }));

export const ALL = methodNotAllowed('GET');
