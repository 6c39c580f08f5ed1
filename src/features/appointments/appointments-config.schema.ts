/**
 * The `appointments` section of shop.json: when the showroom receives (in its own time zone), how long a
 * slot is, how many consultants serve at once, and the days it is closed. Editors write wall-clock times
 * ("10:00") in the showroom's zone; the server turns them into UTC instants day by day, so a change of
 * daylight-saving time moves the UTC times and never the opening hours.
 */
import { z } from 'zod';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const APPOINTMENT_KINDS = ['showroom', 'video'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:30 (24-hour clock)');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const hoursSchema = z
  .strictObject({ open: clock, close: clock })
  .refine((h) => minutesOf(h.close) > minutesOf(h.open), { message: 'close must be later than open', path: ['close'] });

export const appointmentsConfigSchema = z
  .strictObject({
    kinds: z.array(z.enum(APPOINTMENT_KINDS)).min(1, 'must offer at least one kind'),
    time_zone: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/New_York'),
    slot_minutes: z.number().int().min(10).max(240),
    /** How many appointments one slot holds: the consultants serving at once. */
    consultants: z.number().int().min(1).max(50),
    /** How far ahead a shopper may book, in days from today in the showroom. */
    booking_horizon_days: z.number().int().min(1).max(366),
    /** A slot must start at least this long after now. */
    min_notice_minutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
    opening_hours: z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, hoursSchema.optional()])) as Record<Weekday, z.ZodOptional<typeof hoursSchema>>),
    closed_weekdays: z.array(z.enum(WEEKDAYS)),
    closed_dates: z.array(z.iso.date('must be a date such as 2026-12-25')),
    showroom_address: z.string().min(1),
    /** Each video appointment gets a room of its own: this prefix and the appointment's reference. */
    video_room_prefix: z.url().startsWith('https://', 'must be an https:// address'),
  })
  .refine((c) => WEEKDAYS.some((d) => c.opening_hours[d] && !c.closed_weekdays.includes(d)), {
    message: 'the showroom must be open on at least one weekday',
    path: ['opening_hours'],
  });

export type AppointmentsConfig = z.infer<typeof appointmentsConfigSchema>;
