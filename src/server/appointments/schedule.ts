/**
 * The showroom's calendar as pure functions of the configuration and the current instant: which days
 * are open, which slots a day has, and whether a requested start is one of them. Wall-clock opening
 * hours are turned into UTC instants with Temporal (the @js-temporal/polyfill), which knows each zone's
 * daylight-saving rules; nothing here adds hours or days by hand.
 */
import { Temporal } from '@js-temporal/polyfill';
import { WEEKDAYS, type AppointmentsConfig } from '~/features/appointments/appointments-config.schema.ts';
import type { CalendarDay, CalendarMonth } from '~/features/appointments/appointments.schema.ts';

export interface Slot {
  start: Temporal.Instant;
  end: Temporal.Instant;
}

export type DayState = { open: true } | { open: false; reason: string };

const dateLabel = (date: Temporal.PlainDate) => date.toLocaleString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** Today's date in the showroom. */
export function todayIn(config: AppointmentsConfig, now: Temporal.Instant = Temporal.Now.instant()): Temporal.PlainDate {
  return now.toZonedDateTimeISO(config.time_zone).toPlainDate();
}

/** The last day a shopper may book: today plus the horizon, in the showroom. */
export function lastBookableDay(config: AppointmentsConfig, now?: Temporal.Instant): Temporal.PlainDate {
  return todayIn(config, now).add({ days: config.booking_horizon_days });
}

function hoursOf(date: Temporal.PlainDate, config: AppointmentsConfig) {
  const weekday = WEEKDAYS[date.dayOfWeek - 1]!;
  if (config.closed_weekdays.includes(weekday)) return undefined;
  if (config.closed_dates.includes(date.toString())) return undefined;
  return config.opening_hours[weekday];
}

/** Whether the showroom receives on `date` at all (closed weekday, closed date, or no hours). */
export function dayState(date: Temporal.PlainDate, config: AppointmentsConfig, now?: Temporal.Instant): DayState {
  if (Temporal.PlainDate.compare(date, todayIn(config, now)) < 0) return { open: false, reason: `${dateLabel(date)} has passed. Please choose a later day.` };
  if (Temporal.PlainDate.compare(date, lastBookableDay(config, now)) > 0) {
    return { open: false, reason: `Appointments can be booked up to ${config.booking_horizon_days} days ahead. Please choose an earlier day.` };
  }
  if (!hoursOf(date, config)) return { open: false, reason: `We are closed on ${dateLabel(date)}. Please choose another day.` };
  return { open: true };
}

/** Every slot of an opening day, past ones included; none on a closed day. */
export function slotsOfDay(date: Temporal.PlainDate, config: AppointmentsConfig): Slot[] {
  const hours = hoursOf(date, config);
  if (!hours) return [];
  const close = Temporal.PlainTime.from(hours.close);
  const slots: Slot[] = [];
  let time = Temporal.PlainTime.from(hours.open);
  for (;;) {
    const end = time.add({ minutes: config.slot_minutes });
    // PlainTime wraps at midnight; a slot that would run past closing (or past midnight) is not offered.
    if (Temporal.PlainTime.compare(end, time) <= 0 || Temporal.PlainTime.compare(end, close) > 0) break;
    const startsAt = date.toZonedDateTime({ timeZone: config.time_zone, plainTime: time });
    slots.push({ start: startsAt.toInstant(), end: startsAt.add({ minutes: config.slot_minutes }).toInstant() });
    time = end;
  }
  return slots;
}

/** The earliest instant a slot may start now. */
export function earliestStart(config: AppointmentsConfig, now: Temporal.Instant = Temporal.Now.instant()): Temporal.Instant {
  return now.add({ minutes: config.min_notice_minutes });
}

export const isBookable = (slot: Slot, config: AppointmentsConfig, now?: Temporal.Instant) =>
  Temporal.Instant.compare(slot.start, earliestStart(config, now)) >= 0;

export type StartCheck = { ok: true; slot: Slot } | { ok: false; message: string };

/** Checks a requested start against the calendar; the message tells a shopper what to do instead. */
export function checkStart(start: Temporal.Instant, config: AppointmentsConfig, now: Temporal.Instant = Temporal.Now.instant()): StartCheck {
  if (Temporal.Instant.compare(start, now) <= 0) return { ok: false, message: 'This time has already passed. Please choose a later slot.' };
  const notice = config.min_notice_minutes;
  if (Temporal.Instant.compare(start, earliestStart(config, now)) < 0) {
    return { ok: false, message: `Appointments must be booked at least ${notice} minutes ahead. Please choose a later slot.` };
  }
  const local = start.toZonedDateTimeISO(config.time_zone);
  const date = local.toPlainDate();
  const day = dayState(date, config, now);
  if (!day.open) return { ok: false, message: day.reason };
  const hours = hoursOf(date, config)!;
  const slots = slotsOfDay(date, config);
  const inside = slots.length > 0 && Temporal.Instant.compare(start, slots[0]!.start) >= 0 && Temporal.Instant.compare(start, slots.at(-1)!.start) <= 0;
  if (!inside) {
    return {
      ok: false,
      message: `On ${dateLabel(date)} we receive from ${hours.open} to ${hours.close} (${config.time_zone} time). Please choose a time within our opening hours.`,
    };
  }
  const slot = slots.find((s) => s.start.equals(start));
  if (!slot) return { ok: false, message: `Appointments start every ${config.slot_minutes} minutes. Please choose one of the times offered.` };
  return { ok: true, slot };
}

/** The bookable range as month grids, for the calendar: the browser only lays them out. */
export function calendarMonths(config: AppointmentsConfig, now?: Temporal.Instant): CalendarMonth[] {
  const first = todayIn(config, now);
  const last = lastBookableDay(config, now);
  const months: CalendarMonth[] = [];
  for (let month = first.toPlainYearMonth(); Temporal.PlainYearMonth.compare(month, last.toPlainYearMonth()) <= 0; month = month.add({ months: 1 })) {
    const days: (CalendarDay | null)[] = Array.from({ length: month.toPlainDate({ day: 1 }).dayOfWeek - 1 }, () => null);
    for (let day = 1; day <= month.daysInMonth; day++) {
      const date = month.toPlainDate({ day });
      const inRange = Temporal.PlainDate.compare(date, first) >= 0 && Temporal.PlainDate.compare(date, last) <= 0;
      const label = date.toLocaleString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
      days.push(inRange ? { date: date.toString(), label, day, open: dayState(date, config, now).open } : null);
    }
    while (days.length % 7) days.push(null);
    // Weeks wholly before today or after the horizon are left out.
    const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7)).filter((w) => w.some(Boolean));
    months.push({ key: month.toString(), label: month.toPlainDate({ day: 1 }).toLocaleString('en-US', { month: 'long', year: 'numeric' }), weeks });
  }
  return months;
}

/** The first `count` open days from today, for tests and for the page's default day. */
export function openDays(config: AppointmentsConfig, count: number, now?: Temporal.Instant): Temporal.PlainDate[] {
  const found: Temporal.PlainDate[] = [];
  for (
    let date = todayIn(config, now);
    found.length < count && Temporal.PlainDate.compare(date, lastBookableDay(config, now)) <= 0;
    date = date.add({ days: 1 })
  ) {
    if (dayState(date, config, now).open && slotsOfDay(date, config).some((s) => isBookable(s, config, now))) found.push(date);
  }
  return found;
}
