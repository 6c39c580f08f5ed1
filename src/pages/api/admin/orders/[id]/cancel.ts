import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { cancelOverHttp } from '~/server/orders/staff-http.ts';

/** Cancels an order not yet shipped (a paid one gets a refund line); answers the order with its history. */
export const POST = endpoint((context) => cancelOverHttp(context));

export const ALL = methodNotAllowed('POST');
