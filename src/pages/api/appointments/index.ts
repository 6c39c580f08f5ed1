import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { book, upcomingFor } from '~/server/appointments/appointments.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** The signed-in customer's upcoming appointments. */
export const GET = route(appointmentsEndpoints.list, async ({ customer }) => ({ data: await upcomingFor(customer) }));

/** Books one (a guest too; a signed-in customer's booking is theirs). */
export const POST = route(appointmentsEndpoints.book, async ({ context, shopper, body }) => ({
  message: 'Your appointment is booked. We have sent a confirmation to your e-mail address.',
  data: await book(body, shopper.customer, clientKey(context)),
}));

export const ALL = otherMethods(appointmentsEndpoints.list, appointmentsEndpoints.book);
