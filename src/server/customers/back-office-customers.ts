/**
 * The back office's customers (/admin/customers): search by e-mail or name, a customer's orders,
 * addresses and store-credit ledger, and store credit granted or taken with a reason. The ledger is
 * append-only like every ledger: a change is a new entry, and the balance never goes below zero (a take
 * is checked against the balance in the same transaction that writes it).
 */
import { z } from 'zod';
import { sql } from 'kysely';
import { getDb } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import { formatCents } from '~/lib/money.ts';
import { statusLabel } from '~/server/orders/order-status.ts';

const PER_PAGE = 25;

export async function searchCustomers(q: string | undefined, page: number) {
  const db = await getDb();
  let base = db.selectFrom('customers');
  const text = q?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[%_\\]/g, '')}%`;
    base = base.where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'like', like), eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['customers.id', 'email', 'first_name', 'last_name', 'created_at'])
      .select((eb) => [
        eb
          .selectFrom('orders')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('orders.customer_id', '=', 'customers.id')
          .as('orders'),
        eb
          .selectFrom('store_credit_ledger')
          .select((e) => e.fn.sum<number>('amount_cents').as('n'))
          .whereRef('store_credit_ledger.customer_id', '=', 'customers.id')
          .as('credit'),
      ])
      .orderBy('customers.id', 'desc')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    rows: rows.map((r) => ({ ...r, orders: Number(r.orders ?? 0), credit: Number(r.credit ?? 0) })),
    total,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
  };
}

export async function customerDetail(id: number) {
  const db = await getDb();
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'created_at', 'is_verified'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  const [orders, addresses, ledger] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['increment_id', 'created_at', 'status', 'cancel_reason', 'grand_total_cents'])
      .where('customer_id', '=', id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    db.selectFrom('addresses').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    db.selectFrom('store_credit_ledger').selectAll().where('customer_id', '=', id).orderBy('id', 'desc').execute(),
  ]);
  return {
    customer,
    orders: orders.map((o) => ({ ...o, status_label: statusLabel(o.status, o.cancel_reason) })),
    addresses,
    ledger,
    balance: ledger.reduce((s, e) => s + e.amount_cents, 0),
  };
}

export const creditSchema = z.object({
  direction: z.enum(['grant', 'take'], { error: 'Choose grant or take' }),
  amount: z
    .string({ error: 'Give an amount in dollars' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Give an amount in dollars, such as 50.00')
    .transform((v) => Math.round(Number(v) * 100))
    .refine((c) => c >= 1, 'Give an amount from 0.01'),
  reason: z
    .string({ error: 'Give the reason' })
    .trim()
    .min(3, 'Give the reason (the customer sees it in their account)')
    .max(200, 'Use at most 200 characters'),
});

export async function changeStoreCredit(actor: Actor, customerId: number, input: z.output<typeof creditSchema>): Promise<number> {
  const db = await getDb();
  const customer = await db.selectFrom('customers').select(['id', 'email']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  const delta = input.direction === 'grant' ? input.amount : -input.amount;
  const { before, after } = await writeTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('store_credit_ledger')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const balance = Number(row.n ?? 0);
    if (balance + delta < 0)
      throw new HttpError(400, `amount: At most ${formatCents(balance)} can be taken`, 'validation_failed', {
        amount: [`At most ${formatCents(balance)} can be taken: that is the balance`],
      });
    await trx
      .insertInto('store_credit_ledger')
      .values({ customer_id: customerId, amount_cents: delta, reason: input.reason, order_id: null, created_at: new Date().toISOString() })
      .execute();
    return { before: balance, after: balance + delta };
  });
  await recordActivity(actor, {
    action: input.direction === 'grant' ? 'credit.grant' : 'credit.take',
    subjectType: 'customer',
    subjectId: customer.email,
    summary: `${input.direction === 'grant' ? 'Granted' : 'Took'} ${formatCents(input.amount)} of store credit ${input.direction === 'grant' ? 'to' : 'from'} ${customer.email}: ${input.reason}`,
    before: { balance_cents: before },
    after: { balance_cents: after },
  });
  return after;
}
