/** GET /api/appointments/calendar — the bookable days, as month grids, and what the showroom offers. */
import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { bookingCalendar } from '~/server/appointments/calendar.ts';

export const GET = endpoint(() => ({ data: bookingCalendar() }));

export const ALL = methodNotAllowed('GET');
