/**
 * Analytics events are kept for ANALYTICS_RETENTION_DAYS (default 90) and then deleted: by each app
 * server when it starts and every hour after. Events are written in time order, so the oldest are the
 * lowest ids: the pass reads the oldest 1,000 by primary key and deletes those past the retention, batch
 * after batch, never scanning the table (there is no index on created_at) nor holding it long.
 */
import type { Db } from '~/server/db/database.ts';
import { nowMs } from '~/server/config/clock.ts';
import { env } from '~/server/config/env.ts';

const BATCH = 1000;
const HOUR = 3600_000;

export function retentionDays(): number {
  return env('ANALYTICS_RETENTION_DAYS');
}

/** Deletes the events older than the retention; how many were deleted. */
export async function pruneAnalytics(db: Db, now = nowMs()): Promise<number> {
  const cutoff = new Date(now - retentionDays() * 24 * HOUR).toISOString();
  let deleted = 0;
  for (;;) {
    const oldest = await db.selectFrom('analytics_events').select(['id', 'created_at']).orderBy('id').limit(BATCH).execute();
    const expired = oldest.filter((e) => e.created_at < cutoff);
    if (!expired.length) return deleted;
    const result = await db.deleteFrom('analytics_events').where('id', '<=', expired.at(-1)!.id).where('created_at', '<', cutoff).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (expired.length < oldest.length) return deleted;
    // Let requests in between on SQLite, whose calls block the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let timer: NodeJS.Timeout | undefined;

/** Prunes now and every hour (once per process). */
export function startAnalyticsPruning(db: Db): void {
  if (timer) return;
  const tick = () => {
    pruneAnalytics(db).catch((error) => console.error('Analytics pruning failed:', error));
  };
  timer = setInterval(tick, HOUR);
  timer.unref();
  tick();
}
