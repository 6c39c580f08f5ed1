/**
 * Write transactions that either happen whole or not at all, on both databases.
 *
 * SQLite: Kysely opens transactions with a plain (deferred) BEGIN, which takes the write lock only at
 * the first write; a second process writing meanwhile makes that upgrade fail at once with SQLITE_BUSY
 * (the busy timeout cannot help a deadlock-prone upgrade). BEGIN IMMEDIATE takes the write lock up front,
 * so writers queue on busy_timeout instead. One process runs one transaction at a time anyway (Kysely
 * holds the single connection for it).
 * PostgreSQL: READ COMMITTED with row locks taken in one fixed order (cart, customer, diamonds by id,
 * coupon), so racing orders wait for each other instead of deadlocking. Serialization failures and
 * deadlocks (and SQLITE_BUSY) are retried a few times with a random pause.
 */
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';

const MAX_ATTEMPTS = 5;

export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (isSqlite(db)) return await immediate(db, work);
      return await db.transaction().setIsolationLevel('read committed').execute(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40 * attempt));
    }
  }
}

async function immediate<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Serialization failure, deadlock, a busy SQLite file, two guests creating one account at once, or two
 * requests of one customer creating the customer's one active cart or wishlist at once (the retry finds it).
 */
function isRetryable(error: unknown): boolean {
  const code = errorCode(error);
  if (code === '40001' || code === '40P01' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  const where = String((error as Error).message) + String((error as { constraint?: string }).constraint ?? '');
  return isUniqueViolation(error) && /customers|carts_one_active_per_customer|wishlists_one_per_customer|carts\.customer_id|wishlists\.customer_id/.test(where);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
