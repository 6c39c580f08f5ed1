/**
 * The shop's record of payments (Kysely only): one row per payment session at a provider (a bank
 * transfer marked received is a row of provider `banktransfer`), its refunds, and the provider
 * notifications already handled. At most one session of an order is open (a partial unique index).
 */
import { countRows } from '~/server/db/count.ts';
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { PaymentSessionsTable } from '~/server/db/schema.ts';
import { nowIso } from '~/server/config/clock.ts';

export type PaymentSessionRow = Selectable<PaymentSessionsTable>;
export type SessionStatus = PaymentSessionRow['status'];
/** Statuses of a session whose money was taken (or authorised). */
export const TAKEN: SessionStatus[] = ['paid', 'authorized'];

export async function insertSession(
  db: Db,
  values: {
    id: string;
    provider: string;
    order_id: number;
    amount_cents: number;
    return_url: string;
    url: string | null;
    status?: SessionStatus;
    payment_ref?: string | null;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('payment_sessions')
    .values({ status: 'open', payment_ref: null, ...values, card_last4: null, created_at: now, updated_at: now })
    .execute();
}

export function findSession(db: Db, id: string): Promise<PaymentSessionRow | undefined> {
  return db.selectFrom('payment_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOpenSession(db: Db, orderId: number): Promise<PaymentSessionRow | undefined> {
  return db.selectFrom('payment_sessions').selectAll().where('order_id', '=', orderId).where('status', '=', 'open').executeTakeFirst();
}

export async function countSessions(db: Db, orderId: number): Promise<number> {
  return countRows(db.selectFrom('payment_sessions').where('order_id', '=', orderId));
}

/** The order's payments that took money, oldest first. */
export function takenSessions(db: Db, orderId: number): Promise<PaymentSessionRow[]> {
  return db
    .selectFrom('payment_sessions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', TAKEN)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Moves a session from one of `from` to `status` (the condition is in the UPDATE: of two racing
 * changes one wins); answers whether it moved.
 */
export async function moveSession(
  db: Db,
  id: string,
  status: SessionStatus,
  from: SessionStatus[],
  extra: { payment_ref?: string | null; card_last4?: string | null; amount_cents?: number } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('payment_sessions')
    .set({ ...extra, status, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every open session of the order ends (the order no longer waits for a payment). */
export async function expireOpenSessions(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('payment_sessions')
    .set({ status: 'expired', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Refunds

export type RefundRow = Selectable<import('~/server/db/schema.ts').OrderRefundsTable>;
/** Refunds that count against what is left: all but those the provider refused. */
export const LIVE_REFUND = ['pending', 'succeeded', 'requires_action', 'manual'];

export function refundsOf(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function insertRefundRow(
  db: Db,
  values: {
    order_id: number;
    amount_cents: number;
    tax_cents?: number;
    reason: string;
    provider: string | null;
    provider_refund_id?: string | null;
    payment_session_id?: string | null;
    status: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('order_refunds')
    .values({ provider_refund_id: null, payment_session_id: null, ...values, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRefundRow(db: Db, id: number, values: { provider_refund_id?: string | null; status: string }): Promise<void> {
  await db.updateTable('order_refunds').set(values).where('id', '=', id).execute();
}

export function findRefundByProviderId(db: Db, providerRefundId: string): Promise<RefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('provider_refund_id', '=', providerRefundId).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------
// Provider notifications

export async function eventSeen(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Records a handled notification; false when another delivery recorded it first. */
export async function recordEvent(db: Db, values: { id: string; provider: string; type: string }): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ ...values, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
