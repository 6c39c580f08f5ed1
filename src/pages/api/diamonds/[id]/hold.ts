import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { holdOverHttp, releaseOverHttp } from '~/server/holds/hold-http.ts';

/** Holds the stone for the signed-in shopper (DIAMOND_HOLD_HOURS); DELETE lets it go. */
export const POST = endpoint((context) => holdOverHttp(context));
export const DELETE = endpoint((context) => releaseOverHttp(context));

export const ALL = methodNotAllowed('POST', 'DELETE');
