import { unsubscribeAnswer } from '~/server/alerts/alerts.http.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The signed link of every alert e-mail (?a=&s=): no sign-in needed. */
export const GET = route(alertsEndpoints.unsubscribe, ({ context, db, query }) => unsubscribeAnswer(context.request, db, query));

/** The mail client's one-click (RFC 8058), the same signed query. */
export const POST = route(alertsEndpoints.oneClickUnsubscribe, ({ context, db, query }) => unsubscribeAnswer(context.request, db, query));

export const ALL = otherMethods(alertsEndpoints.unsubscribe, alertsEndpoints.oneClickUnsubscribe);
