/** GET /api/appointments — the signed-in customer's upcoming appointments; POST — book one. */
import { endpoint, json, readBody, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { bookingSchema } from '~/features/appointments/appointments.schema.ts';
import { book, upcomingFor } from '~/server/appointments/appointments.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const GET = endpoint(async ({ locals }) => ({ data: await upcomingFor(requireCustomer(locals)) }));

export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, bookingSchema);
  const data = await book(input, context.locals.customer, clientKey(context));
  return json({ message: 'Your appointment is booked. We have sent a confirmation to your e-mail address.', data }, { status: 201 });
});

export const ALL = methodNotAllowed('GET', 'POST');
