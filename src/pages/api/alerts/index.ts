import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { createOverHttp, listOverHttp } from '~/server/alerts/alert-http.ts';
import { shopActionForm } from '~/server/holds/shop-action-form.ts';

/** The signed-in shopper's alerts; POST adds one (price_drop, back_in_stock or saved_search); a plain form post is answered with a 303 back. */
export const GET = endpoint((context) => listOverHttp(context));
export const POST = shopActionForm(
  () => '/customer/account/alerts',
  (context) => createOverHttp(context),
);

export const ALL = methodNotAllowed('GET', 'POST');
