import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { staffReleaseOverHttp } from '~/server/holds/hold-http.ts';

/** Ends a hold (by its id); the shopper is e-mailed. */
export const POST = endpoint((context) => staffReleaseOverHttp(context));

export const ALL = methodNotAllowed('POST');
