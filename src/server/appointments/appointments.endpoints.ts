/** The appointment endpoints (docs/api.md "Appointments"): the calendar, a day's slots, booking and cancelling. */
import { bookingSchema, cancelSchema, slotsQuerySchema } from '~/features/appointments/appointments.schema.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { appointmentAnswerSchema, appointmentListAnswerSchema, calendarAnswerSchema, slotsAnswerSchema } from './appointments.answers.ts';
import { cancelOutcome, cancelPage } from './cancel-outcome.ts';

export const appointmentsEndpoints = {
  calendar: defineEndpoint({
    method: 'get',
    path: '/api/appointments/calendar',
    tag: 'Appointments',
    summary: 'The bookable days, as month grids, and what the showroom offers',
    answers: { 200: calendarAnswerSchema },
  }),
  slots: defineEndpoint({
    method: 'get',
    path: '/api/appointments/slots',
    tag: 'Appointments',
    summary: 'The slots of one showroom day',
    query: slotsQuerySchema,
    answers: { 200: slotsAnswerSchema },
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/api/appointments',
    tag: 'Appointments',
    access: 'customer',
    summary: "The customer's upcoming appointments",
    answers: { 200: appointmentListAnswerSchema },
  }),
  book: defineEndpoint({
    method: 'post',
    path: '/api/appointments',
    tag: 'Appointments',
    access: 'guest',
    summary: 'Book an appointment',
    body: bookingSchema,
    answers: { 201: appointmentAnswerSchema },
    errors: [409, 429],
  }),
  cancel: defineEndpoint({
    method: 'post',
    path: '/api/appointments/cancel',
    tag: 'Appointments',
    summary: 'Cancel through the secret link',
    body: cancelSchema,
    // The cancel page's form (before JavaScript) goes back to that page, which prints the outcome.
    form: { page: cancelPage, outcome: { param: 'outcome', of: cancelOutcome } },
    answers: { 200: appointmentAnswerSchema },
    errors: [404, 409],
  }),
};
