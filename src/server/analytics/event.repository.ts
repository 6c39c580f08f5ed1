/** analytics_events: one row per collected event, its payload kept as the JSON text the client sent. */
import type { Db } from '~/server/db/database.ts';

export interface NewEvent {
  type: string;
  user_id: string | null;
  payload: string;
}

export async function insertEvent(db: Db, event: NewEvent, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('analytics_events')
    .values({ ...event, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
