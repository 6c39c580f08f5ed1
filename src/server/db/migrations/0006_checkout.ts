/**
 * Checkout: payment sessions of the built-in test gateway (and any provider that needs to remember a
 * hosted payment page), and the indexes that placing and paying orders read by.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const now = (c: any) => c.notNull();
  await db.schema
    .createTable('payment_sessions')
    // A random secret: the hosted page is reached by it, so it must not be guessable.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // open → paid | declined; a declined session is not retried: paying again opens a new session.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text')
    // Where the hosted page sends the shopper back (a path on this shop).
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('payment_sessions_order').on('payment_sessions').column('order_id').execute();
  await db.schema.createIndex('diamond_reservations_order').on('diamond_reservations').column('order_id').execute();
  await db.schema.createIndex('coupon_redemptions_customer').on('coupon_redemptions').columns(['coupon_id', 'customer_id']).execute();
}
