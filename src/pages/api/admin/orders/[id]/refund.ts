import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { refundOverHttp } from '~/server/orders/staff-http.ts';

/** Refunds part of a paid order: `{ amount, reason }` (dollars); never more than what is left. */
export const POST = endpoint((context) => refundOverHttp(context));

export const ALL = methodNotAllowed('POST');
