/**
 * POST /api/appointments/cancel — cancels through the secret link. JSON `{token}` answers JSON; the
 * cancel page's plain form post (before JavaScript) is sent back to that page, which shows the outcome.
 */
import { endpoint, isFormPost, json, readBody, methodNotAllowed } from '~/server/http.ts';
import { cancelSchema } from '~/features/appointments/appointments.schema.ts';
import { cancelByToken } from '~/server/appointments/appointments.service.ts';
import { cancelFormPost } from '~/server/appointments/cancel-form.ts';

export const POST = endpoint(async ({ request }) => {
  if (isFormPost(request)) return cancelFormPost(request);
  const { token } = await readBody(request, cancelSchema);
  return json({ message: 'Your appointment is cancelled. We have sent you a confirmation.', data: await cancelByToken(token) });
});

export const ALL = methodNotAllowed('POST');
