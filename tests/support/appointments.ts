/**
 * Appointment test helpers: the showroom configuration as shipped (src/content/shop.json), and days and
 * slots computed from it with the same schedule module the server uses, so that tests never hard-code a
 * date that a change of opening hours, a holiday or the calendar would make closed.
 */
import { Temporal } from '@js-temporal/polyfill';
import raw from '~/content/shop.json';
import { appointmentsConfigSchema, WEEKDAYS } from '~/features/appointments/appointments-config.schema.ts';
import { dayState, lastBookableDay, openDays, slotsOfDay, todayIn } from '~/server/appointments/schedule.ts';

export const showroom = appointmentsConfigSchema.parse(raw.appointments);

const iso = (instant: Temporal.Instant) => new Date(instant.epochMilliseconds).toISOString();

/** The n-th open day from tomorrow on (today's remaining slots could run out while a test runs). */
export function openDay(n: number): Temporal.PlainDate {
  const days = openDays(showroom, n + 3).filter((d) => Temporal.PlainDate.compare(d, todayIn(showroom)) > 0);
  if (!days[n]) throw new Error(`the configuration has fewer than ${n + 1} open days ahead`);
  return days[n]!;
}

/** The slot starts (UTC ISO, as the API answers them) of a day. */
export const slotStarts = (day: Temporal.PlainDate) => slotsOfDay(day, showroom).map((s) => iso(s.start));

/** A day within the horizon on which the showroom is closed by weekday, and one by date, when the configuration has them. */
export function closedDays(): { weekday?: Temporal.PlainDate; date?: Temporal.PlainDate } {
  const found: { weekday?: Temporal.PlainDate; date?: Temporal.PlainDate } = {};
  for (let d = todayIn(showroom).add({ days: 1 }); Temporal.PlainDate.compare(d, lastBookableDay(showroom)) <= 0; d = d.add({ days: 1 })) {
    if (dayState(d, showroom).open) continue;
    if (showroom.closed_weekdays.includes(WEEKDAYS[d.dayOfWeek - 1]!)) found.weekday ??= d;
    else if (showroom.closed_dates.includes(d.toString())) found.date ??= d;
  }
  return found;
}

export const beyondHorizon = () => lastBookableDay(showroom).add({ days: 7 });

/** A wall-clock time of `day` in the showroom's zone, as a UTC ISO instant. */
export const showroomTime = (day: Temporal.PlainDate, time: string) =>
  iso(day.toZonedDateTime({ timeZone: showroom.time_zone, plainTime: Temporal.PlainTime.from(time) }).toInstant());

export const booking = (start: string, email: string, extra: Record<string, unknown> = {}) => ({
  kind: 'showroom',
  start,
  name: 'Ada Lovelace',
  email,
  phone: '+1 212 555 0100',
  note: 'An oval diamond around 1.5 ct, platinum settings',
  ...extra,
});

export { icsLines } from './ics.ts';
