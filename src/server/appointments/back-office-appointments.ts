/** The back office's appointments (/admin/appointments): the week ahead, and a booking cancelled by staff (the shopper is e-mailed, as when they cancel). */
import { getDb } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import { shopMidnight } from '~/server/orders/back-office-orders.ts';
import { shopTimeZone } from '~/server/staff/admin-format.ts';
import { Temporal } from '@js-temporal/polyfill';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { cancelAppointment, moveAppointment } from './appointment.repository.ts';
import { cancellationMail, movedMail } from './appointment-mail.ts';
import { daySlots } from './appointments.service.ts';
import { checkStart, openDays } from './schedule.ts';

/** Booked appointments from the start of the shop's today for `days` days, soonest first. */
export async function appointmentsAhead(days = 7, now = new Date()) {
  const start = shopMidnight(now, shopTimeZone(), 'day');
  const end = new Date(start.getTime() + days * 86_400_000 + 2 * 3600_000);
  return bookedBetween(start, end);
}

/** Booked appointments starting from `start` up to (not including) `end`, soonest first. */
export async function bookedBetween(start: Date, end: Date) {
  const db = await getDb();
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('status', '=', 'booked')
    .where('starts_at', '>=', start.toISOString())
    .where('starts_at', '<', end.toISOString())
    .orderBy('starts_at')
    .execute();
}

export async function cancelByStaff(actor: Actor, id: number, now = new Date()) {
  const db = await getDb();
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Appointment not found');
  if (Date.parse(row.starts_at) <= now.getTime())
    throw new HttpError(409, 'This appointment has already begun and can no longer be cancelled.', 'already_started');
  const cancelled = await cancelAppointment(db, row.id, now.toISOString());
  if (!cancelled) throw new HttpError(409, 'This appointment is already cancelled.', 'already_cancelled');
  sendMailLater(async () => cancellationMail(cancelled));
  await recordActivity(actor, {
    action: 'appointment.cancel',
    subjectType: 'appointment',
    subjectId: row.reference,
    summary: `Cancelled appointment ${row.reference} of ${row.name} (${row.email}) on ${row.starts_at}`,
    before: { status: 'booked', starts_at: row.starts_at },
    after: { status: 'cancelled' },
  });
  return cancelled;
}

/** The free slots a booking can be moved to: the next `count` open days, each with its bookable times. */
export async function freeSlotsAhead(kind: 'showroom' | 'video', count = 7, now = new Date()) {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const days = openDays(shopConfig.appointments, count, instant);
  const answers = await Promise.all(days.map((d) => daySlots(d.toString(), kind, instant).catch(() => undefined)));
  return answers
    .filter((a) => a !== undefined)
    .map((a) => ({ date: a.date, starts: a.slots.filter((s) => s.available).map((s) => s.start) }))
    .filter((d) => d.starts.length > 0);
}

const startError = (status: number, message: string, code: string) => new HttpError(status, message, code, { start: [message] });

/** Staff move a booking to another free slot: the calendar's rules hold as for a shopper; the shopper gets the new invitation. */
export async function moveByStaff(actor: Actor, id: number, start: string, now = new Date()) {
  const db = await getDb();
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Appointment not found');
  if (row.status !== 'booked') throw new HttpError(409, 'This appointment is cancelled and cannot be moved.', 'already_cancelled');
  if (Date.parse(row.starts_at) <= now.getTime()) throw new HttpError(409, 'This appointment has already begun and can no longer be moved.', 'already_started');
  let instant: Temporal.Instant;
  try {
    instant = Temporal.Instant.from(start);
  } catch {
    throw startError(400, 'Choose one of the free times offered.', 'invalid_start');
  }
  if (new Date(instant.epochMilliseconds).toISOString() === row.starts_at)
    throw startError(400, 'The appointment is already at this time. Choose another one.', 'same_start');
  const check = checkStart(instant, shopConfig.appointments, Temporal.Instant.fromEpochMilliseconds(now.getTime()));
  if (!check.ok) throw startError(400, check.message, 'slot_unavailable');
  const startsAt = new Date(check.slot.start.epochMilliseconds).toISOString();
  const endsAt = new Date(check.slot.end.epochMilliseconds).toISOString();
  const moved = await moveAppointment(db, row.id, startsAt, endsAt, shopConfig.appointments.consultants);
  if ('error' in moved) {
    if (moved.error === 'slot_full') throw startError(409, 'Sorry, this time has just been fully booked. Please choose another slot.', 'slot_full');
    throw new HttpError(409, 'This appointment is cancelled and cannot be moved.', 'already_cancelled');
  }
  const movedAt = now.toISOString();
  sendMailLater(async () => movedMail(moved.row, row.starts_at, movedAt));
  await recordActivity(actor, {
    action: 'appointment.move',
    subjectType: 'appointment',
    subjectId: row.reference,
    summary: `Moved appointment ${row.reference} of ${row.name} (${row.email}) from ${row.starts_at} to ${startsAt}`,
    before: { starts_at: row.starts_at, ends_at: row.ends_at },
    after: { starts_at: startsAt, ends_at: endsAt },
  });
  return moved.row;
}
