import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { listOverHttp } from '~/server/holds/hold-http.ts';

/** The signed-in shopper's holds, live first. */
export const GET = endpoint((context) => listOverHttp(context));

export const ALL = methodNotAllowed('GET');
