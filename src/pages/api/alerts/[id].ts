import { deleteAlert } from '~/server/alerts/alerts.service.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { HttpError } from '~/server/endpoint/http.ts';

/** Deletes one of the signed-in shopper's alerts. */
export const DELETE = route(alertsEndpoints.delete, async ({ db, customer, params }) => {
  await deleteAlert(db, customer.id, params.id);
  return { message: 'The alert is deleted' };
});

/** The same from a plain form, which cannot send DELETE: it posts with ?_method=DELETE and is answered with a 303 back. */
export const POST = route(alertsEndpoints.deleteByForm, async ({ context, db, customer, params }) => {
  if (context.url.searchParams.get('_method') !== 'DELETE') throw new HttpError(405, 'Use DELETE for this endpoint', 'method_not_allowed');
  await deleteAlert(db, customer.id, params.id);
  return { message: 'The alert is deleted' };
});

export const ALL = otherMethods(alertsEndpoints.delete, alertsEndpoints.deleteByForm);
