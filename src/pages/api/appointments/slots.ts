import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { daySlots } from '~/server/appointments/appointments.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** `?date=YYYY-MM-DD&kind=showroom|video`: the slots of one showroom day. */
export const GET = route(appointmentsEndpoints.slots, async ({ query }) => ({ data: await daySlots(query.date, query.kind) }));

export const ALL = otherMethods(appointmentsEndpoints.slots);
