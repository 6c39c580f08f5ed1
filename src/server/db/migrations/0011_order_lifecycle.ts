/**
 * Orders that run their course. An unpaid order has a payment deadline (`payment_due_at`,
 * fixed when it is placed); past it the order is cancelled and gives back what it held. A cancelled
 * order says why (`cancel_reason`: payment_not_received or staff). A shipped order keeps its carrier
 * and tracking number. Every change of status is a row of `order_status_history`, and a paid order
 * cancelled by the shop's staff gets a line in `order_refunds`.
 * Unpaid orders placed before this migration get their deadline from when they were placed, with the
 * default windows (30 minutes for a card payment, 72 hours for a bank transfer).
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  await db.schema.alterTable('orders').addColumn('payment_due_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('carrier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  // The expiry pass reads the unpaid orders by their deadline.
  await db.schema.createIndex('orders_status_due').on('orders').columns(['status', 'payment_due_at']).execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunds_order').on('order_refunds').column('order_id').execute();

  const unpaid = await db.selectFrom('orders').select(['id', 'status', 'created_at']).where('status', 'in', ['pending', 'pending_payment']).execute();
  for (const o of unpaid) {
    const windowMs = o.status === 'pending_payment' ? 30 * 60_000 : 72 * 3_600_000;
    const placed = Date.parse(o.created_at);
    if (Number.isFinite(placed))
      await db
        .updateTable('orders')
        .set({ payment_due_at: new Date(placed + windowMs).toISOString() })
        .where('id', '=', o.id)
        .execute();
  }
  await sql`insert into order_status_history (order_id, status, created_at) select id, status, created_at from orders`.execute(db);
}
