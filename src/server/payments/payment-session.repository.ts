/** Payment sessions of the built-in test gateway (Kysely only). */
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { PaymentSessionsTable } from '~/server/db/schema.ts';

export type PaymentSessionRow = Selectable<PaymentSessionsTable>;

export async function insertSession(db: Db, values: { id: string; order_id: number; amount_cents: number; return_url: string }): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('payment_sessions')
    .values({ ...values, provider: 'test', status: 'open', card_last4: null, created_at: now, updated_at: now })
    .execute();
}

export function findSession(db: Db, id: string): Promise<PaymentSessionRow | undefined> {
  return db.selectFrom('payment_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends an open session once: a second submission of the payment form changes nothing. */
export async function closeSession(db: Db, id: string, status: 'paid' | 'declined', last4: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_sessions')
    .set({ status, card_last4: last4, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
