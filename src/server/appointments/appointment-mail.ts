/**
 * The appointment e-mails: the confirmation (with an iCalendar invitation and the cancel link) and the
 * cancellation (with the invitation's CANCEL, so calendar apps remove the event). Times are written in the
 * showroom's zone, named, because a mail client cannot know the reader's.
 */
import { shopConfig } from '~/server/shop/shop-config.ts';
import { siteUrl, simpleHtml, type MailMessage } from '~/server/mail/mailer.ts';
import type { AppointmentRow } from '~/server/db/schema.ts';
import { buildIcs } from './ics.ts';

const config = () => shopConfig.appointments;

export function formatWhen(iso: string, timeZone = config().time_zone): string {
  return (
    new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso)) +
    ` (${timeZone.split('/').at(-1)!.replace(/_/g, ' ')} time)`
  );
}

export const kindLabel = (kind: AppointmentRow['kind']) => (kind === 'video' ? 'Video consultation' : 'Showroom appointment');
export const locationOf = (row: Pick<AppointmentRow, 'kind' | 'video_url'>) => (row.kind === 'video' ? row.video_url! : config().showroom_address);
export const cancelUrl = (token: string) => `${siteUrl()}/book-appointment/cancel/${token}`;

/**
 * The invitation's SEQUENCE: 0 when booked; each later change (a move by staff, the cancellation) must carry a
 * higher one than any before it for calendar apps to apply it, so it counts the seconds since the booking.
 */
const sequenceAt = (row: AppointmentRow, at: string, floor: number) =>
  Math.max(floor, Math.floor((Date.parse(at) - Date.parse(row.created_at)) / 1000) + floor);

function invitation(row: AppointmentRow, method: 'REQUEST' | 'CANCEL', changedAt?: string): string {
  const shop = shopConfig.shop_name;
  const details = [
    `${kindLabel(row.kind)} with ${shop}, reference ${row.reference}.`,
    row.kind === 'video' ? `Join the call: ${row.video_url}` : `Address: ${config().showroom_address}`,
    row.note ? `Your note: ${row.note}` : '',
    row.attachment ? `Attached: ${siteUrl()}${row.attachment}` : '',
  ].filter(Boolean);
  return buildIcs(
    {
      method,
      uid: `appointment-${row.reference}@${new URL(siteUrl()).hostname}`,
      sequence: method === 'CANCEL' ? sequenceAt(row, row.cancelled_at ?? new Date().toISOString(), 1) : changedAt ? sequenceAt(row, changedAt, 1) : 0,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      summary: `${kindLabel(row.kind)} with ${shop}`,
      description: details.join('\n'),
      location: locationOf(row),
      url: row.kind === 'video' ? row.video_url! : undefined,
      organizer: { name: shop, email: shopConfig.email },
      attendee: { name: row.name, email: row.email },
    },
    shop,
  );
}

export function confirmationMail(row: AppointmentRow, token: string): MailMessage {
  const when = formatWhen(row.starts_at);
  const where = row.kind === 'video' ? `Join the video call at ${row.video_url}` : `We look forward to welcoming you at ${config().showroom_address}.`;
  const lines = [
    `Dear ${row.name},`,
    `Your ${kindLabel(row.kind).toLowerCase()} is booked for ${when}. Your reference is ${row.reference}.`,
    where,
    'The invitation attached adds it to your calendar.',
    ...(row.attachment ? [`You attached: ${siteUrl()}${row.attachment}`] : []),
    'If your plans change, please cancel with the link below so that another client can take the time.',
  ];
  const url = cancelUrl(token);
  return {
    to: row.email,
    subject: `Your ${shopConfig.shop_name} appointment on ${when}`,
    text: [...lines, '', `Cancel the appointment: ${url}`, '', shopConfig.shop_name].join('\n\n').replace(/\n{3,}/g, '\n\n'),
    html: simpleHtml(lines, { label: 'Cancel the appointment', url }),
    icalEvent: { method: 'REQUEST', filename: 'appointment.ics', content: invitation(row, 'REQUEST') },
  };
}

export function cancellationMail(row: AppointmentRow): MailMessage {
  const when = formatWhen(row.starts_at);
  const lines = [
    `Dear ${row.name},`,
    `Your ${kindLabel(row.kind).toLowerCase()} on ${when} (reference ${row.reference}) is cancelled.`,
    `You are welcome to book another time at ${siteUrl()}/book-appointment.`,
  ];
  return {
    to: row.email,
    subject: `Your ${shopConfig.shop_name} appointment is cancelled`,
    text: [...lines, shopConfig.shop_name].join('\n\n'),
    html: simpleHtml(lines),
    icalEvent: { method: 'CANCEL', filename: 'appointment.ics', content: invitation(row, 'CANCEL') },
  };
}

/** Staff moved the appointment: the new time, and the invitation again (same UID, higher SEQUENCE) so calendars move the event. */
export function movedMail(row: AppointmentRow, previousStart: string, movedAt: string): MailMessage {
  const when = formatWhen(row.starts_at);
  const lines = [
    `Dear ${row.name},`,
    `Your ${kindLabel(row.kind).toLowerCase()} (reference ${row.reference}) has been moved from ${formatWhen(previousStart)} to ${when}.`,
    row.kind === 'video' ? `Join the video call at ${row.video_url}` : `We look forward to welcoming you at ${config().showroom_address}.`,
    'The invitation attached updates your calendar.',
    'If the new time does not suit you, reply to this e-mail, or cancel with the link in your booking confirmation.',
  ];
  return {
    to: row.email,
    subject: `Your ${shopConfig.shop_name} appointment has moved to ${when}`,
    text: [...lines, shopConfig.shop_name].join('\n\n'),
    html: simpleHtml(lines),
    icalEvent: { method: 'REQUEST', filename: 'appointment.ics', content: invitation(row, 'REQUEST', movedAt) },
  };
}
