import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { unsubscribeOverHttp } from '~/server/alerts/alert-http.ts';

/** The signed link of every alert e-mail (?a=&s=): no sign-in needed. POST is the mail client's one-click. */
export const GET = endpoint((context) => unsubscribeOverHttp(context));
export const POST = endpoint((context) => unsubscribeOverHttp(context));

export const ALL = methodNotAllowed('GET', 'POST');
