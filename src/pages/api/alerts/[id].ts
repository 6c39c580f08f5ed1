import { endpoint, HttpError, methodNotAllowed } from '~/server/http.ts';
import { deleteOverHttp } from '~/server/alerts/alert-http.ts';
import { shopActionForm } from '~/server/holds/shop-action-form.ts';

/** Deletes one of the signed-in shopper's alerts (a plain form posts with ?_method=DELETE and is answered with a 303 back). */
export const DELETE = endpoint((context) => deleteOverHttp(context));
export const POST = shopActionForm(
  () => '/customer/account/alerts',
  async (context) => {
    if (context.url.searchParams.get('_method') !== 'DELETE') throw new HttpError(405, 'Use DELETE for this endpoint', 'method_not_allowed');
    return deleteOverHttp(context);
  },
);

export const ALL = methodNotAllowed('DELETE', 'POST');
