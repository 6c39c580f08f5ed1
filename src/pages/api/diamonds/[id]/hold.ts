import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { holdOverHttp, releaseOverHttp } from '~/server/holds/hold-http.ts';
import { shopActionForm } from '~/server/holds/shop-action-form.ts';

/** Holds the stone for the signed-in shopper (DIAMOND_HOLD_HOURS); DELETE lets it go. A plain form post is answered with a 303 back. */
export const POST = shopActionForm(
  (context) => `/diamonds/${context.params.id}`,
  // A form cannot send DELETE: the account page's "Release" posts with ?_method=DELETE before JavaScript loads.
  (context) => (context.url.searchParams.get('_method') === 'DELETE' ? releaseOverHttp(context) : holdOverHttp(context)),
);
export const DELETE = endpoint((context) => releaseOverHttp(context));

export const ALL = methodNotAllowed('POST', 'DELETE');
