/** newsletter_subscribers: one row per address, stored lower-cased (unique). */
import type { Db } from '~/server/db/database.ts';

/** Inserts the address; returns false when it was already there (no error, no second row). */
export async function insertSubscriber(db: Db, email: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .insertInto('newsletter_subscribers')
    .values({ email, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}
