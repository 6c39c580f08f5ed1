/** Sessions table: the id is the SHA-256 of the token the client holds. */
import { getDb } from '~/server/db/database.ts';
import type { CustomerRow } from '~/server/db/schema.ts';

export async function insertSession(id: string, customerId: number, lifetimeMs: number): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  const iso = new Date(now).toISOString();
  await db
    .insertInto('sessions')
    .values({ id, customer_id: customerId, created_at: iso, last_seen_at: iso, expires_at: new Date(now + lifetimeMs).toISOString() })
    .execute();
  // Expired rows are never read again; sweep them now and then rather than on every sign-in.
  if (Math.random() < 0.02) await db.deleteFrom('sessions').where('expires_at', '<', iso).execute();
}

/** The live session with this id and its customer, in one query. */
export async function findLiveSession(id: string): Promise<{ session: { id: string; last_seen_at: string }; customer: CustomerRow } | undefined> {
  const db = await getDb();
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

export async function touchSession(id: string): Promise<void> {
  const db = await getDb();
  await db.updateTable('sessions').set({ last_seen_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function deleteSession(id: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOf(customerId: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom('sessions').where('customer_id', '=', customerId).execute();
}
