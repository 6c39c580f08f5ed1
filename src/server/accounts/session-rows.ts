/**
 * The rows of the two sessions tables, customers' `sessions` and staff's `staff_sessions`: the id is
 * the SHA-256 of the token the client holds, the owner one column (customer_id, staff_id).
 */
import type { Db } from '~/server/db/database.ts';

type SessionTable = 'sessions' | 'staff_sessions';

/** Inserts a session that expires `lifetimeMs` from now; now and then (`sweepChance`) deletes the expired ones, never read again. */
export async function insertSessionRow(
  db: Db,
  table: SessionTable,
  owner: { customer_id: number } | { staff_id: number },
  id: string,
  lifetimeMs: number,
  sweepChance: number,
): Promise<void> {
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const times = { created_at: iso, last_seen_at: iso, expires_at: new Date(now + lifetimeMs).toISOString() };
  if ('customer_id' in owner)
    await db
      .insertInto('sessions')
      .values({ id, ...owner, ...times })
      .execute();
  else
    await db
      .insertInto('staff_sessions')
      .values({ id, ...owner, ...times })
      .execute();
  if (Math.random() < sweepChance) await db.deleteFrom(table).where('expires_at', '<', iso).execute();
}

export async function touchSessionRow(db: Db, table: SessionTable, id: string): Promise<void> {
  await db.updateTable(table).set({ last_seen_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function deleteSessionRow(db: Db, table: SessionTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
