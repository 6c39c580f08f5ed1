import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { markPaidOverHttp } from '~/server/orders/staff-http.ts';

/** A bank transfer received: `{ reference? }`; the order moves from pending to processing. */
export const POST = endpoint((context) => markPaidOverHttp(context));

export const ALL = methodNotAllowed('POST');
