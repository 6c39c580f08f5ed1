import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { createOverHttp, listOverHttp } from '~/server/alerts/alert-http.ts';

/** The signed-in shopper's alerts; POST adds one (price_drop, back_in_stock or saved_search). */
export const GET = endpoint((context) => listOverHttp(context));
export const POST = endpoint((context) => createOverHttp(context));

export const ALL = methodNotAllowed('GET', 'POST');
