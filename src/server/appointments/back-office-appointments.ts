/** The back office's appointments (/admin/appointments): the week ahead, and a booking cancelled by staff (the shopper is e-mailed, as when they cancel). */
import { getDb } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/http.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import { shopMidnight } from '~/server/orders/back-office-orders.ts';
import { shopTimeZone } from '~/server/staff/admin-format.ts';
import { cancelAppointment } from './appointment.repository.ts';
import { cancellationMail } from './appointment-mail.ts';

/** Booked appointments from the start of the shop's today for `days` days, soonest first. */
export async function appointmentsAhead(days = 7, now = new Date()) {
  const db = await getDb();
  const start = shopMidnight(now, shopTimeZone(), 'day');
  const end = new Date(start.getTime() + days * 86_400_000 + 2 * 3600_000);
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
  const cancelled = await cancelAppointment(row.id, now.toISOString());
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
