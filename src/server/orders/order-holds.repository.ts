/**
 * What an order holds and gives back when it is cancelled (Kysely only; always inside writeTransaction):
 * its stones, its coupon use and its store credit. Called only by the one transaction that moved the
 * order to `canceled` (the status change is guarded), so nothing is given back twice.
 */
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { OrderRow } from './order.repository.ts';
import { UNPAID_STATUSES as UNPAID } from './order-status.ts';

/**
 * The id of one unpaid order past its deadline that no other server is expiring, locked for this
 * transaction (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the transaction already holds the write lock).
 */
export async function claimDueOrder(db: Db, nowIso: string): Promise<number | undefined> {
  if (isSqlite(db)) {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', UNPAID)
      .where('payment_due_at', '<=', nowIso)
      .orderBy('payment_due_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }
  const { rows } = await sql<{ id: number }>`
    select id from orders
    where status in ('pending', 'pending_payment') and payment_due_at <= ${nowIso}
    order by payment_due_at, id
    limit 1
    for update skip locked`.execute(db);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** The earliest deadline of any unpaid order (null: none waits). */
export async function nextDueAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('payment_due_at').as('due'))
    .where('status', 'in', UNPAID)
    .where('payment_due_at', 'is not', null)
    .executeTakeFirst();
  return (row?.due as string | null | undefined) ?? null;
}

/** The stones the order holds (reserved or sold to it), by id. */
export async function heldStones(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('diamond_reservations').select('diamond_id').where('order_id', '=', orderId).orderBy('diamond_id').execute();
  return rows.map((r) => Number(r.diamond_id));
}

/**
 * The order's stones go back on sale: a stone still reserved (or sold) for this order becomes available,
 * and the order's reservations go, so another order can take the stone.
 */
export async function releaseStones(db: Db, orderId: number, now: string): Promise<number[]> {
  const stones = await heldStones(db, orderId);
  if (!stones.length) return [];
  await db
    .updateTable('diamonds')
    .set({ status: 'available', updated_at: now })
    .where('id', 'in', stones)
    .where('status', 'in', ['reserved', 'sold'])
    .execute();
  await db.deleteFrom('diamond_reservations').where('order_id', '=', orderId).execute();
  return stones;
}

/** The coupon use the order took is given back (its redemption goes, the coupon's count drops by one). */
export async function giveBackCouponUse(db: Db, orderId: number): Promise<void> {
  const redemptions = await db.selectFrom('coupon_redemptions').select(['id', 'coupon_id']).where('order_id', '=', orderId).execute();
  for (const r of redemptions) {
    await db
      .updateTable('coupons')
      .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
      .where('id', '=', r.coupon_id)
      .where('times_used', '>', 0)
      .execute();
    await db.deleteFrom('coupon_redemptions').where('id', '=', r.id).execute();
  }
}

/** The store credit the order spent goes back to the customer's ledger as a new line. */
export async function refundStoreCredit(db: Db, order: Pick<OrderRow, 'id' | 'customer_id' | 'increment_id'>, reason: string, now: string): Promise<number> {
  if (order.customer_id === null) return 0;
  const row = await db
    .selectFrom('store_credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('n'))
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const spent = -Number(row.n);
  if (spent <= 0) return 0;
  await db
    .insertInto('store_credit_ledger')
    .values({ customer_id: order.customer_id, amount_cents: spent, reason: `${reason} (order ${order.increment_id})`, order_id: order.id, created_at: now })
    .execute();
  return spent;
}

export async function statusHistory(db: Db, orderId: number) {
  return db.selectFrom('order_status_history').select(['status', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** An order named by its id (digits) or its number (AU100001). */
export async function findOrderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  const text = reference.trim();
  if (/^\d{1,9}$/.test(text)) return db.selectFrom('orders').selectAll().where('id', '=', Number(text)).executeTakeFirst();
  if (/^[A-Za-z]{1,4}\d{1,12}$/.test(text)) return db.selectFrom('orders').selectAll().where('increment_id', '=', text.toUpperCase()).executeTakeFirst();
  return undefined;
}

export async function listOrdersByStatus(db: Db, status: string | undefined, limit: number): Promise<OrderRow[]> {
  let q = db.selectFrom('orders').selectAll().orderBy('id', 'desc').limit(limit);
  if (status) q = q.where('status', '=', status);
  return q.execute();
}
