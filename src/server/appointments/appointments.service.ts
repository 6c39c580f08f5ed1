/**
 * Appointments: free slots of a day, booking (the calendar rules, then a seat the database guarantees),
 * cancelling through the secret link, and a customer's upcoming appointments.
 */
import { randomBytes } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { HttpError, badRequest } from '~/server/endpoint/http.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import { staffAppointmentKey, staffAppointmentMail } from './appointment-staff-mail.ts';
import { randomToken, sha256 } from '~/server/accounts/crypto.ts';
import type { Customer } from '~/server/accounts/session.ts';
import type { AppointmentRow } from '~/server/db/schema.ts';
import { release, take, type Limit } from '~/server/security/rate-limit.ts';
import type { AppointmentData, BookingInput, DaySlots } from '~/features/appointments/appointments.schema.ts';
import type { AppointmentKind } from '~/features/appointments/appointments-config.schema.ts';
import { checkStart, dayState, isBookable, slotsOfDay } from './schedule.ts';
import { getDb } from '~/server/db/database.ts';
import { cancelAppointment, findByTokenHash, insertWithSeat, seatsTaken, upcomingOf } from './appointment.repository.ts';
import { cancellationMail, confirmationMail, locationOf } from './appointment-mail.ts';

const config = () => shopConfig.appointments;

/** Bookings per client address: enough for a family, not enough to fill the showroom's week. */
export const BOOKING_LIMIT: Limit = { bucket: 'appointment-book', max: 10, windowMs: 3600_000 };

/** Stored and answered times: ISO with milliseconds, like every other timestamp of the shop. */
const iso = (instant: Temporal.Instant) => new Date(instant.epochMilliseconds).toISOString();

function assertOffered(kind: AppointmentKind) {
  if (!config().kinds.includes(kind)) {
    const what = kind === 'video' ? 'video consultations' : 'showroom visits';
    throw badRequest(`We do not offer ${what} at the moment.`, { kind: [`We do not offer ${what} at the moment.`] });
  }
}

export async function daySlots(date: string, kind: AppointmentKind, now = Temporal.Now.instant()): Promise<DaySlots> {
  assertOffered(kind);
  let day: Temporal.PlainDate;
  try {
    day = Temporal.PlainDate.from(date, { overflow: 'reject' });
  } catch {
    throw badRequest('date: This day does not exist', { date: ['This day does not exist'] });
  }
  const state = dayState(day, config(), now);
  const slots = state.open ? slotsOfDay(day, config()) : [];
  const taken = await seatsTaken(
    await getDb(),
    slots.map((s) => iso(s.start)),
  );
  return {
    date: day.toString(),
    kind,
    time_zone: config().time_zone,
    open: state.open,
    reason: state.open ? null : state.reason,
    slots: slots.map((s) => {
      const seatsLeft = Math.max(0, config().consultants - (taken.get(iso(s.start)) ?? 0));
      return { start: iso(s.start), end: iso(s.end), seats_left: seatsLeft, available: seatsLeft > 0 && isBookable(s, config(), now) };
    }),
  };
}

export function toAppointmentData(row: AppointmentRow): AppointmentData {
  return {
    reference: row.reference,
    kind: row.kind,
    start: row.starts_at,
    end: row.ends_at,
    time_zone: config().time_zone,
    name: row.name,
    email: row.email,
    phone: row.phone,
    note: row.note,
    attachment: row.attachment,
    location: locationOf(row),
    status: row.status,
  };
}

const startError = (message: string, status = 400, code = 'slot_unavailable') => new HttpError(status, message, code, { start: [message] });

/** Base32 without look-alikes (0/O, 1/I/L): easy to read out over the phone. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

export async function book(input: BookingInput, customer: Customer | undefined, client: string): Promise<AppointmentData> {
  assertOffered(input.kind);
  const check = checkStart(Temporal.Instant.from(input.start), config());
  if (!check.ok) throw startError(check.message);
  // Counted first (parallel bookings on any app server cannot pass the limit); a refused booking takes it back.
  const taken = await take([{ limit: BOOKING_LIMIT, key: client }]);
  const reference = newReference();
  const token = randomToken();
  const row = await insertWithSeat(
    await getDb(),
    {
      reference,
      kind: input.kind,
      starts_at: iso(check.slot.start),
      ends_at: iso(check.slot.end),
      name: input.name,
      email: input.email,
      phone: input.phone,
      note: input.note,
      attachment: input.attachment ?? null,
      video_url: input.kind === 'video' ? `${config().video_room_prefix}${reference}` : null,
      customer_id: customer?.id ?? null,
      cancel_token_hash: sha256(token),
      status: 'booked',
      created_at: new Date().toISOString(),
      cancelled_at: null,
    },
    config().consultants,
  ).catch(async (error: unknown) => {
    await release(taken);
    throw error;
  });
  if (!row) {
    await release(taken);
    throw startError('Sorry, this time has just been fully booked. Please choose another slot.', 409, 'slot_full');
  }
  // The booking stands whether or not the mail goes out at once; SMTP latency must not hold the shopper.
  sendMailLater(async () => confirmationMail(row, token));
  sendMailLater(async () => staffAppointmentMail(row, 'booked'), { dedupeKey: staffAppointmentKey(row, 'booked') });
  return toAppointmentData(row);
}

const invalidLink = () => badRequest('This cancellation link is not valid.', { token: ['This cancellation link is not valid.'] });

/** The appointment a cancel link names, for the confirmation page; undefined for an unknown link. */
export async function findByToken(token: string): Promise<AppointmentData | undefined> {
  if (!token || token.length > 128) return undefined;
  const row = await findByTokenHash(await getDb(), sha256(token));
  return row && toAppointmentData(row);
}

export async function cancelByToken(token: string, now = new Date()): Promise<AppointmentData> {
  const db = await getDb();
  const row = token.length <= 128 ? await findByTokenHash(db, sha256(token)) : undefined;
  if (!row) throw invalidLink();
  if (row.status === 'cancelled') throw new HttpError(409, 'This appointment is already cancelled.', 'already_cancelled');
  if (Date.parse(row.starts_at) <= now.getTime())
    throw new HttpError(409, 'This appointment has already begun and can no longer be cancelled.', 'already_started');
  const cancelled = await cancelAppointment(db, row.id, now.toISOString());
  if (!cancelled) throw new HttpError(409, 'This appointment is already cancelled.', 'already_cancelled');
  sendMailLater(async () => cancellationMail(cancelled));
  sendMailLater(async () => staffAppointmentMail(cancelled, 'cancelled'), { dedupeKey: staffAppointmentKey(cancelled, 'cancelled') });
  return toAppointmentData(cancelled);
}

export async function upcomingFor(customer: Customer): Promise<AppointmentData[]> {
  return (await upcomingOf(await getDb(), customer.id, new Date().toISOString())).map(toAppointmentData);
}
