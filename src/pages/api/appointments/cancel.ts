import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { cancelByToken } from '~/server/appointments/appointments.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `{ token }` of the secret link: cancels (the cancel page's plain form is answered with a 303 back to it). */
export const POST = route(appointmentsEndpoints.cancel, async ({ body }) => ({
  message: 'Your appointment is cancelled. We have sent you a confirmation.',
  data: await cancelByToken(body.token),
}));

export const ALL = otherMethods(appointmentsEndpoints.cancel);
