/** The appointment calls as the booking island makes them, typed by their declarations (src/server/appointments/appointments.endpoints.ts). */
import { call } from '~/lib/http.ts';
import type { appointmentsEndpoints as E } from '~/server/appointments/appointments.endpoints.ts';
import type { BookingInput } from './appointments.schema.ts';

export const appointmentsApi = {
  slots: (date: string, kind: string) => call<typeof E.slots>('GET /api/appointments/slots', { searchParams: { date, kind } }),
  book: (body: BookingInput) => call<typeof E.book>('POST /api/appointments', { body }),
  cancel: (token: string) => call<typeof E.cancel>('POST /api/appointments/cancel', { body: { token } }),
};
