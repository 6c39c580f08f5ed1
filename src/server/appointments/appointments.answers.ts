/** The appointment endpoints' answers as zod schemas: their one description (types for the island, OpenAPI document). */
import { z } from 'zod';
import { APPOINTMENT_KINDS } from '~/features/appointments/appointments-config.schema.ts';

const kind = z.enum(APPOINTMENT_KINDS);

/** An appointment as the API answers it. Times are UTC ISO; the browser shows them in the shopper's zone. */
export const appointmentSchema = z.object({
  reference: z.string(),
  kind,
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string(),
  attachment: z.string().nullable(),
  location: z.string(),
  status: z.enum(['booked', 'cancelled']),
});

export const slotSchema = z.object({ start: z.string(), end: z.string(), seats_left: z.number().int(), available: z.boolean() });

export const daySlotsSchema = z.object({
  date: z.string(),
  kind,
  time_zone: z.string(),
  open: z.boolean(),
  /** Why the day has no slots (closed, past, too far ahead). */
  reason: z.string().nullable(),
  slots: z.array(slotSchema),
});

export const calendarDaySchema = z.object({
  date: z.string(),
  /** "Tuesday, December 1, 2026", for screen readers. */
  label: z.string(),
  day: z.number().int(),
  open: z.boolean(),
});

export const calendarMonthSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Weeks from Monday to Sunday; null where the day is outside the bookable range. */
  weeks: z.array(z.array(calendarDaySchema.nullable())),
});

export const bookingCalendarSchema = z.object({
  time_zone: z.string(),
  slot_minutes: z.number().int(),
  kinds: z.array(kind),
  showroom_address: z.string(),
  /** The first day with a slot still bookable, chosen when the page opens. */
  first_open_day: z.string().nullable(),
  months: z.array(calendarMonthSchema),
});

export const calendarAnswerSchema = z.object({ data: bookingCalendarSchema });
export const slotsAnswerSchema = z.object({ data: daySlotsSchema });
export const appointmentListAnswerSchema = z.object({ data: z.array(appointmentSchema) });
export const appointmentAnswerSchema = z.object({ message: z.string(), data: appointmentSchema });
