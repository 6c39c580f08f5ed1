import { createAnswer } from '~/server/alerts/alerts.http.ts';
import { listAlerts } from '~/server/alerts/alerts.service.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The signed-in shopper's alerts. */
export const GET = route(alertsEndpoints.list, async ({ db, customer }) => ({ data: await listAlerts(db, customer.id) }));

/** Adds one (price_drop, back_in_stock or saved_search); a plain form post is answered with a 303 back. */
export const POST = route(alertsEndpoints.create, ({ db, customer, body }) => createAnswer(db, customer.id, body));

export const ALL = otherMethods(alertsEndpoints.list, alertsEndpoints.create);
