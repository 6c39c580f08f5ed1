import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { bookingCalendar } from '~/server/appointments/calendar.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The bookable days, as month grids, and what the showroom offers. */
export const GET = route(appointmentsEndpoints.calendar, () => ({ data: bookingCalendar() }));

export const ALL = otherMethods(appointmentsEndpoints.calendar);
