import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { importOverHttp } from '~/server/feeds/import-http.ts';

/** Imports a diamond stock file (the body); answers the summary and the first 100 rejected rows. */
export const POST = endpoint((context) => importOverHttp(context));

export const ALL = methodNotAllowed('POST');
