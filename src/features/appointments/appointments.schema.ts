/**
 * The appointments API contract (zod), shared by the server (400 with `errors` per field) and the booking
 * island (the same messages before anything is sent).
 */
import { z } from 'zod';
import { emailField } from '~/features/account/account.schema.ts';
import { isSameSitePath } from '~/lib/same-site-path.ts';
import { APPOINTMENT_KINDS } from './appointments-config.schema.ts';
import type {
  appointmentSchema,
  bookingCalendarSchema,
  calendarDaySchema,
  calendarMonthSchema,
  daySlotsSchema,
} from '~/server/appointments/appointments.answers.ts';

export const kindField = z.enum(APPOINTMENT_KINDS, { error: 'Choose a showroom visit or a video call' });
export const dateField = z.iso.date({ error: 'Choose a day, written as YYYY-MM-DD' });

const attachmentField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(500, 'Use at most 500 characters').refine(isSameSitePath, 'Attach a link to a page of this shop, such as /wishlist').optional(),
);

export const bookingSchema = z.object({
  kind: kindField,
  start: z.iso.datetime({ offset: true, error: 'Choose a time for your appointment' }),
  name: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: emailField,
  phone: z
    .string({ error: 'Enter a phone number' })
    .trim()
    .max(30, 'Use at most 30 characters')
    .regex(/^\+?[\d\s().-]*$/, 'Enter a phone number using digits, spaces and + ( ) - only')
    .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter a phone number we can reach you on (at least 7 digits)'),
  note: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
  attachment: attachmentField,
});

export type BookingInput = z.output<typeof bookingSchema>;

export const cancelSchema = z.object({
  token: z
    .string({ error: 'This cancellation link is not valid' })
    .min(1, 'This cancellation link is not valid')
    .max(128, 'This cancellation link is not valid'),
});

export const slotsQuerySchema = z.object({ date: dateField, kind: kindField.default('showroom') });

// The answers' shapes are zod schemas in src/server/appointments/appointments.answers.ts; type-only here.
export type AppointmentData = z.output<typeof appointmentSchema>;
export type DaySlots = z.output<typeof daySlotsSchema>;
export type CalendarDay = z.output<typeof calendarDaySchema>;
export type CalendarMonth = z.output<typeof calendarMonthSchema>;
export type BookingCalendar = z.output<typeof bookingCalendarSchema>;
