/** The appointment calls as the booking island makes them. */
import { api } from '~/lib/http.ts';
import type { AppointmentData, BookingInput, DaySlots } from './appointments.schema.ts';

export const appointmentsApi = {
  slots: (date: string, kind: string) => api.get<{ data: DaySlots }>('appointments/slots', { searchParams: { date, kind } }),
  book: (body: BookingInput) => api.post<{ message: string; data: AppointmentData }>('appointments', body),
  cancel: (token: string) => api.post<{ message: string; data: AppointmentData }>('appointments/cancel', { token }),
};
