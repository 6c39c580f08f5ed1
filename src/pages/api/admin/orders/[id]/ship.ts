import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { shipOverHttp } from '~/server/orders/staff-http.ts';

/** Ships an order in processing: `{ carrier, tracking }`; answers the order with its history. */
export const POST = endpoint((context) => shipOverHttp(context));

export const ALL = methodNotAllowed('POST');
