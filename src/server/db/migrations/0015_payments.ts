/**
 * Real payments.
 * - payment_sessions: the provider's reference of the payment (Stripe's PaymentIntent), the hosted
 *   page's address, and at most ONE open session per order (a partial unique index): a second "Pay"
 *   finds the open one instead of opening another, so two tabs can never both pay. Statuses:
 *   open → paid | authorized | declined | expired.
 * - payment_events: each provider notification (webhook event) by its id, so a repeat changes nothing.
 * - order_refunds: the provider's refund id and status; a refund id is recorded once.
 * - orders: who took the money and its reference (payment intent, bank transfer reference), and when a
 *   manual-capture payment was captured.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_sessions').addColumn('payment_ref', 'text').execute();
  await db.schema.alterTable('payment_sessions').addColumn('url', 'text').execute();
  // The test gateway's payments are their own reference (a refund names it).
  await sql`update payment_sessions set payment_ref = id where provider = 'test' and status = 'paid'`.execute(db);
  // Older data could hold several open sessions of one order: the newest stays open.
  await sql`update payment_sessions set status = 'expired'
    where status = 'open' and exists (
      select 1 from payment_sessions newer
      where newer.order_id = payment_sessions.order_id and newer.status = 'open'
        and (newer.created_at > payment_sessions.created_at or (newer.created_at = payment_sessions.created_at and newer.id > payment_sessions.id)))`.execute(
    db,
  );
  await sql`create unique index payment_sessions_one_open on payment_sessions (order_id) where status = 'open'`.execute(db);

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('order_refunds').addColumn('provider', 'text').execute();
  await db.schema.alterTable('order_refunds').addColumn('provider_refund_id', 'text').execute();
  // The payment (session row) a refund goes back to.
  await db.schema.alterTable('order_refunds').addColumn('payment_session_id', 'text').execute();
  // pending (asked, no answer yet) → succeeded | failed | canceled; rows before this migration were recorded only.
  await db.schema
    .alterTable('order_refunds')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded'))
    .execute();
  await sql`create unique index order_refunds_provider_id on order_refunds (provider_refund_id) where provider_refund_id is not null`.execute(db);

  await db.schema.alterTable('orders').addColumn('payment_provider', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_reference', 'text').execute();
  await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
  // Manual capture (STRIPE_CAPTURE=manual): authorised at checkout, captured when the order ships.
  await db.schema
    .alterTable('orders')
    .addColumn('payment_captured', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
