/** Appointments and their seats (Kysely only). */
import type { Insertable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { AppointmentRow, AppointmentsTable } from '~/server/db/schema.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

/**
 * Books an appointment into the first free seat of its slot, in one transaction. Each seat is a row
 * keyed (slot_start, seat_no): the insert that loses a race on PostgreSQL waits for the winner to commit,
 * then finds the conflict and tries the next seat; SQLite serialises writers. No seat left: undefined,
 * and the appointment row is rolled back with it.
 */
export async function insertWithSeat(db: Db, values: Insertable<AppointmentsTable>, seats: number): Promise<AppointmentRow | undefined> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.insertInto('appointments').values(values).returningAll().executeTakeFirstOrThrow();
    for (let seat = 1; seat <= seats; seat++) {
      if (await takeSeat(trx, values.starts_at, seat, row.id)) return row;
    }
    throw new NoSeatLeft();
  }).catch((error) => {
    if (error instanceof NoSeatLeft) return undefined;
    throw error;
  });
}

class NoSeatLeft extends Error {}

async function takeSeat(trx: Db, slotStart: string, seatNo: number, appointmentId: number): Promise<boolean> {
  const taken = await trx
    .insertInto('appointment_seats')
    .values({ slot_start: slotStart, seat_no: seatNo, appointment_id: appointmentId })
    .onConflict((oc) => oc.columns(['slot_start', 'seat_no']).doNothing())
    .returning('seat_no')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Taken seats per slot start, for the slots listed. */
export async function seatsTaken(db: Db, slotStarts: string[]): Promise<Map<string, number>> {
  if (!slotStarts.length) return new Map();
  const rows = await db
    .selectFrom('appointment_seats')
    .select((eb) => ['slot_start', eb.fn.countAll<number>().as('taken')])
    .where('slot_start', 'in', slotStarts)
    .groupBy('slot_start')
    .execute();
  return new Map(rows.map((r) => [r.slot_start, Number(r.taken)]));
}

export async function findByTokenHash(db: Db, hash: string): Promise<AppointmentRow | undefined> {
  return db.selectFrom('appointments').selectAll().where('cancel_token_hash', '=', hash).executeTakeFirst();
}

/** Marks a booked appointment cancelled and frees its seat; undefined when it was not booked (any more). */
export async function cancelAppointment(db: Db, id: number, at: string): Promise<AppointmentRow | undefined> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('appointments')
      .set({ status: 'cancelled', cancelled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .returningAll()
      .executeTakeFirst();
    if (row) await trx.deleteFrom('appointment_seats').where('appointment_id', '=', id).execute();
    return row;
  });
}

export type MoveResult = { row: AppointmentRow } | { error: 'not_booked' | 'slot_full' };

/**
 * Moves a booked appointment to another slot in one transaction: its seat is freed and a free seat of the
 * new slot taken (as a booking takes one); no seat left rolls everything back.
 */
export async function moveAppointment(db: Db, id: number, startsAt: string, endsAt: string, seats: number): Promise<MoveResult> {
  return writeTransaction(db, async (trx): Promise<MoveResult> => {
    const row = await trx
      .updateTable('appointments')
      .set({ starts_at: startsAt, ends_at: endsAt })
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .returningAll()
      .executeTakeFirst();
    if (!row) return { error: 'not_booked' };
    await trx.deleteFrom('appointment_seats').where('appointment_id', '=', id).execute();
    for (let seat = 1; seat <= seats; seat++) {
      if (await takeSeat(trx, startsAt, seat, id)) return { row };
    }
    throw new NoSeatLeft();
  }).catch((error) => {
    if (error instanceof NoSeatLeft) return { error: 'slot_full' as const };
    throw error;
  });
}

/** A customer's booked appointments that have not ended, soonest first. */
export async function upcomingOf(db: Db, customerId: number, nowIso: string): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'booked')
    .where('ends_at', '>', nowIso)
    .orderBy('starts_at')
    .execute();
}
