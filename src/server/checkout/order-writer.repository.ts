/** What placing and paying an order writes (Kysely only); always called inside writeTransaction. */
import { queue } from '~/server/mail/outbox.ts';
import { staffEmail } from '~/server/mail/mailer.ts';
import { sql, type Insertable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { OrderItemsTable, OrdersTable } from '~/server/db/schema.ts';
import { nowIso, nowMs } from '~/server/config/clock.ts';
import { paymentDueAt } from '~/server/orders/payment-hold.ts';
import { assignInvoiceNumber } from '~/server/invoices/document-numbers.ts';

export type NewOrder = Omit<Insertable<OrdersTable>, 'increment_id' | 'created_at' | 'updated_at' | 'payment_due_at'>;

/** Writes the order with its first status in the history; an unpaid order gets its payment deadline. */
export async function insertOrder(db: Db, values: NewOrder): Promise<{ id: number; increment_id: string }> {
  const placedMs = nowMs();
  const now = new Date(placedMs).toISOString();
  // The order number follows the id; a unique placeholder holds its place for the one statement between.
  const placeholder = `tmp-${values.cart_id}`;
  const { id } = await db
    .insertInto('orders')
    .values({ ...values, increment_id: placeholder, created_at: now, updated_at: now, payment_due_at: paymentDueAt(values.status, placedMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const incrementId = `AU${String(100000 + id)}`;
  await db.updateTable('orders').set({ increment_id: incrementId }).where('id', '=', id).execute();
  await recordStatus(db, id, values.status, now);
  return { id, increment_id: incrementId };
}

export async function insertOrderItems(db: Db, items: Insertable<OrderItemsTable>[]): Promise<void> {
  if (items.length) await db.insertInto('order_items').values(items).execute();
}

/**
 * Takes one stone for an order: only an available, visible stone changes state, so of two orders
 * racing for it one updates a row and the other none (on PostgreSQL the second waits for the first's
 * row lock, then re-reads the status). The reservation's primary key is the second guard.
 */
export async function takeDiamond(db: Db, diamondId: number, orderId: number, status: 'reserved' | 'sold'): Promise<boolean> {
  const result = await db
    .updateTable('diamonds')
    .set({ status, updated_at: new Date().toISOString() })
    .where('id', '=', diamondId)
    .where('status', '=', 'available')
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.insertInto('diamond_reservations').values({ diamond_id: diamondId, order_id: orderId, created_at: new Date().toISOString() }).execute();
  return true;
}

/** The order's reserved stones become sold once it is paid. */
export async function sellReservedDiamonds(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('diamonds')
    .set({ status: 'sold', updated_at: new Date().toISOString() })
    .where('id', 'in', (eb) => eb.selectFrom('diamond_reservations').select('diamond_id').where('order_id', '=', orderId))
    .where('status', '=', 'reserved')
    .execute();
}

/** Locks the customer's row for the rest of the transaction (PostgreSQL); SQLite already holds the write lock. */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  if (isSqlite(db)) return;
  await sql`select id from customers where id = ${customerId} for update`.execute(db);
}

export function findOrderByCart(db: Db, cartId: number) {
  return db.selectFrom('orders').selectAll().where('cart_id', '=', cartId).executeTakeFirst();
}

export function findOrderById(db: Db, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves the order to `status` if it is in one of `onlyFrom` (the condition is in the UPDATE, so of two
 * racing changes one wins), with the history row; `extra` columns change along with it.
 */
export async function setOrderStatus(
  db: Db,
  orderId: number,
  status: string,
  onlyFrom: string[],
  extra: Partial<
    Pick<OrdersTable, 'cancel_reason' | 'carrier' | 'tracking_number' | 'payment_method' | 'payment_provider' | 'payment_reference' | 'paid_at'>
  > & { payment_captured?: number } = {},
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('orders')
    .set({ ...extra, status, updated_at: now, ...(status === 'pending' || status === 'pending_payment' ? {} : { payment_due_at: null }) })
    .where('id', '=', orderId)
    .where('status', 'in', onlyFrom)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordStatus(db, orderId, status, now);
  // Paid (an unpaid order moved on to processing): the staff are told, in the same transaction.
  if (status === 'processing' && onlyFrom.some((s) => s === 'pending' || s === 'pending_payment')) {
    // Paid: the order's invoice number, in the same transaction (gap-free: src/server/invoices/document-numbers.ts).
    await assignInvoiceNumber(db, orderId);
    await queue(db, { template: 'staff_order_paid', params: { orderId }, recipient: staffEmail(), dedupeKey: `order:${orderId}:staff-paid` });
  }
  return true;
}

export async function recordStatus(db: Db, orderId: number, status: string, at: string): Promise<void> {
  await db.insertInto('order_status_history').values({ order_id: orderId, status, created_at: at }).execute();
}

/** A guest's e-mail finds or makes the account the order belongs to (no password until first-time login). */
export async function customerForEmail(db: Db, email: string, names: { first_name: string; last_name: string }) {
  const existing = await db.selectFrom('customers').select(['id', 'email', 'first_name', 'password_hash']).where('email', '=', email).executeTakeFirst();
  if (existing)
    return { id: existing.id, email: existing.email, first_name: existing.first_name, created: false, hasPassword: existing.password_hash !== null };
  const now = new Date().toISOString();
  const row = await db
    .insertInto('customers')
    .values({ email, ...names, password_hash: null, gender: null, phone: null, date_of_birth: null, is_verified: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, first_name: names.first_name, created: true, hasPassword: false };
}
