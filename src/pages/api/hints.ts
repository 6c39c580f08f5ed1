import { methodNotAllowed } from '~/server/http.ts';
import { hintOverHttp } from '~/server/hints/hint-http.ts';
import { shopActionForm } from '~/server/holds/shop-action-form.ts';

/** "Drop a hint": e-mails a diamond, a piece or a built ring to an address the shopper types (limited per shopper and per address a day). */
export const POST = shopActionForm(
  () => '/',
  (context) => hintOverHttp(context),
);

export const ALL = methodNotAllowed('POST');
