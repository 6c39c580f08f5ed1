import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { deleteOverHttp } from '~/server/alerts/alert-http.ts';

/** Deletes one of the signed-in shopper's alerts. */
export const DELETE = endpoint((context) => deleteOverHttp(context));

export const ALL = methodNotAllowed('DELETE');
