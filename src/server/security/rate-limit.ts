/**
 * Rate limits counted in the database (table rate_limit_hits), so that every app server behind a load
 * balancer sees the same counts. A sliding window: the hits of a (bucket, key) younger than the window.
 *
 * Counted first, then decided, atomically (`take`): one write transaction locks the (bucket, key) row of
 * rate_limit_keys (an upsert: on PostgreSQL the row stays locked until commit, so parallel requests on
 * any app server queue on it; on SQLite BEGIN IMMEDIATE holds the only writer), counts the window's
 * hits, and records this hit only if the window has room. Checking and recording in two steps let 40
 * parallel wrong passwords all pass a limit of 5.
 */
import { getDb, type Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { HttpError } from '~/server/endpoint/http.ts';

export interface Limit {
  bucket: string;
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

/** Hits are kept this long (the longest window is an hour), then swept. */
const KEEP_MS = 24 * 3600_000;

function since(windowMs: number, now: number) {
  return new Date(now - windowMs).toISOString();
}

async function usageIn(db: Db, limit: Limit, key: string, now: number): Promise<{ count: number; retryAfterSeconds: number }> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('bucket', '=', limit.bucket)
    .where('key', '=', key)
    .where('at', '>', since(limit.windowMs, now))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(String(row.oldest)) : now;
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)) };
}

/** How many hits (bucket, key) has in the window, and when the oldest of them leaves it. */
export async function usage(limit: Limit, key: string, now = Date.now()): Promise<{ count: number; retryAfterSeconds: number }> {
  return usageIn(await getDb(), limit, key, now);
}

/** Counts a hit without a limit to decide (a count only read for a delay, never to refuse). */
export async function recordHit(limit: Limit, key: string, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db
    .insertInto('rate_limit_hits')
    .values({ bucket: limit.bucket, key, at: new Date(now).toISOString() })
    .execute();
  await sweepNowAndThen(db, now);
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.'): HttpError {
  return new HttpError(429, message, 'rate_limited', undefined, { 'retry-after': String(retryAfterSeconds) });
}

export interface LimitedKey {
  limit: Limit;
  key: string;
}

/** The hits one `take` recorded, for `release` when what they counted turned out not to count. */
export type Taken = number[];

/**
 * Counts one hit against every (limit, key) at once, or none: when any of them is already at its
 * limit, throws 429 with Retry-After (the longest wait of the full ones) and records nothing.
 * Parallel requests, on any app server, are decided one after the other, so no limit is ever passed.
 */
export async function take(keys: LimitedKey[], now = Date.now()): Promise<Taken> {
  const db = await getDb();
  // One lock order for every caller, so two requests taking the same keys never wait for each other in a circle.
  const sorted = [...keys].sort((a, b) => (a.limit.bucket + '\n' + a.key < b.limit.bucket + '\n' + b.key ? -1 : 1));
  const at = new Date(now).toISOString();
  const ids = await writeTransaction(db, async (trx) => {
    if (!isSqlite(trx)) {
      for (const { limit, key } of sorted) {
        await trx
          .insertInto('rate_limit_keys')
          .values({ bucket: limit.bucket, key, touched_at: at })
          .onConflict((oc) => oc.columns(['bucket', 'key']).doUpdateSet({ touched_at: at }))
          .execute();
      }
    }
    let wait = 0;
    for (const { limit, key } of sorted) {
      const { count, retryAfterSeconds } = await usageIn(trx, limit, key, now);
      if (count >= limit.max) wait = Math.max(wait, retryAfterSeconds);
    }
    if (wait) throw tooManyRequests(wait);
    const rows = await trx
      .insertInto('rate_limit_hits')
      .values(sorted.map(({ limit, key }) => ({ bucket: limit.bucket, key, at })))
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  });
  await sweepNowAndThen(db, now);
  return ids;
}

/** Takes back hits of `take` (a sign-in that succeeded is not a failure; a booking that was refused is not a booking). */
export async function release(taken: Taken): Promise<void> {
  if (!taken.length) return;
  const db = await getDb();
  await db.deleteFrom('rate_limit_hits').where('id', 'in', taken).execute();
}

/** Throws a 429 with Retry-After when (bucket, key) is already at its limit; otherwise counts this hit. */
export async function consume(limit: Limit, key: string): Promise<void> {
  await take([{ limit, key }]);
}

/** Old rows are of no use to any window; swept now and then rather than on every hit. */
async function sweepNowAndThen(db: Db, now: number): Promise<void> {
  if (Math.random() >= 0.01) return;
  await db.deleteFrom('rate_limit_hits').where('at', '<', since(KEEP_MS, now)).execute();
  await db.deleteFrom('rate_limit_keys').where('touched_at', '<', since(KEEP_MS, now)).execute();
}
