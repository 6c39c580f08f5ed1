/**
 * A rolling upgrade cannot leave an order without its payment deadline. Migration 0011 added
 * `orders.payment_due_at`, which the application fills when it places an order; a server still running the
 * code from before it (during a rolling upgrade) writes unpaid orders without one, and they never expired.
 * From now on the database fills it: an unpaid order (`pending_payment`, card; `pending`, bank transfer)
 * inserted with no deadline gets `created_at` plus its window. The windows are the running shop's own
 * (UNPAID_CARD_HOLD_MINUTES, UNPAID_TRANSFER_HOLD_HOURS or shop.json), which each app server writes into
 * `order_payment_windows` when it starts (src/server/orders/payment-windows.ts); until one has, the
 * defaults (30 minutes, 72 hours). Orders already written without a deadline get one here.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_payment_windows')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('order_payment_windows')
    .values([
      { status: 'pending_payment', minutes: 30 },
      { status: 'pending', minutes: 72 * 60 },
    ])
    .execute();

  if (isSqlite(db)) {
    // created_at is an ISO instant (…Z); strftime keeps that form, milliseconds included.
    await sql`
      create trigger orders_payment_due_default after insert on orders
      when new.payment_due_at is null and new.status in ('pending', 'pending_payment')
      begin
        update orders set payment_due_at = strftime('%Y-%m-%dT%H:%M:%fZ', new.created_at,
          '+' || coalesce((select minutes from order_payment_windows where status = new.status), case new.status when 'pending' then 4320 else 30 end) || ' minutes')
        where id = new.id;
      end`.execute(db);
  } else {
    await sql`
      create function orders_payment_due_default() returns trigger language plpgsql as $$
      begin
        if new.payment_due_at is null and new.status in ('pending', 'pending_payment') then
          new.payment_due_at := to_char(
            (new.created_at::timestamptz + make_interval(mins => coalesce((select minutes from order_payment_windows where status = new.status), case new.status when 'pending' then 4320 else 30 end)))
              at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger orders_payment_due_default before insert on orders for each row execute function orders_payment_due_default()`.execute(db);
  }
  // Unpaid orders an old writer has already left without a deadline.
  const missing = await db
    .selectFrom('orders')
    .select(['id', 'status', 'created_at'])
    .where('payment_due_at', 'is', null)
    .where('status', 'in', ['pending', 'pending_payment'])
    .execute();
  for (const o of missing) {
    const placed = Date.parse(o.created_at);
    const minutes = o.status === 'pending' ? 72 * 60 : 30;
    if (Number.isFinite(placed))
      await db
        .updateTable('orders')
        .set({ payment_due_at: new Date(placed + minutes * 60_000).toISOString() })
        .where('id', '=', o.id)
        .execute();
  }
}
