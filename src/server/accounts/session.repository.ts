/** Sessions table: the id is the SHA-256 of the token the client holds. */
import type { Db } from '~/server/db/database.ts';
import type { CustomerRow } from '~/server/db/schema.ts';
import { deleteSessionRow, insertSessionRow, touchSessionRow } from './session-rows.ts';

export async function insertSession(db: Db, id: string, customerId: number, lifetimeMs: number): Promise<void> {
  await insertSessionRow(db, 'sessions', { customer_id: customerId }, id, lifetimeMs, 0.02);
}

/** The live session with this id and its customer, in one query. */
export async function findLiveSession(db: Db, id: string): Promise<{ session: { id: string; last_seen_at: string }; customer: CustomerRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .selectAll('customers')
    .select(['sessions.id as session_id', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_seen_at, ...customer } = row;
  return { session: { id: session_id, last_seen_at: session_last_seen_at }, customer };
}

export const touchSession = (db: Db, id: string) => touchSessionRow(db, 'sessions', id);

export const deleteSession = (db: Db, id: string) => deleteSessionRow(db, 'sessions', id);

export async function deleteSessionsOf(db: Db, customerId: number): Promise<void> {
  await db.deleteFrom('sessions').where('customer_id', '=', customerId).execute();
}
