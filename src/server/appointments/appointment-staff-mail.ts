/** To the staff (STAFF_EMAIL, else the shop's e-mail): an appointment was booked, or cancelled by its client. */
import type { AppointmentRow } from '~/server/db/schema.ts';
import { simpleHtml, staffEmail, type MailMessage } from '~/server/mail/mailer.ts';
import { formatWhen, kindLabel, locationOf } from './appointment-mail.ts';

export function staffAppointmentMail(row: AppointmentRow, event: 'booked' | 'cancelled'): MailMessage {
  const when = formatWhen(row.starts_at);
  const lines = [
    `${kindLabel(row.kind)} ${row.reference} on ${when} has been ${event}.`,
    `Client: ${row.name}, ${row.email}${row.phone ? `, ${row.phone}` : ''}.`,
    `Where: ${locationOf(row)}.`,
    ...(row.note ? [`Note: ${row.note}`] : []),
  ];
  return {
    to: staffEmail(),
    subject: `Appointment ${row.reference} ${event}: ${when}`,
    text: `${lines.join('\n')}\n`,
    html: simpleHtml(lines),
  };
}

/** The dedupe key of a staff notice: one per appointment and event. */
export const staffAppointmentKey = (row: AppointmentRow, event: 'booked' | 'cancelled') => `appointment:${row.id}:staff-${event}`;
