/**
 * Rate limits counted in the database (table rate_limit_hits), so that every app server behind a load
 * balancer sees the same counts. A sliding window: the hits of a (bucket, key) younger than the window.
 */
import { getDb } from '~/server/db/database.ts';
import { HttpError } from '~/server/http.ts';

export interface Limit {
  bucket: string;
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

function since(windowMs: number, now: number) {
  return new Date(now - windowMs).toISOString();
}

/** How many hits (bucket, key) has in the window, and when the oldest of them leaves it. */
export async function usage(limit: Limit, key: string, now = Date.now()): Promise<{ count: number; retryAfterSeconds: number }> {
  const db = await getDb();
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

export async function recordHit(limit: Limit, key: string, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db.insertInto('rate_limit_hits').values({ bucket: limit.bucket, key, at: new Date(now).toISOString() }).execute();
  // Old rows are of no use to any window; sweep now and then rather than on every hit.
  if (Math.random() < 0.01) {
    await db.deleteFrom('rate_limit_hits').where('at', '<', since(24 * 3600_000, now)).execute();
  }
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.'): HttpError {
  return new HttpError(429, message, 'rate_limited', undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Throws a 429 with Retry-After when (bucket, key) is already at its limit; otherwise counts this hit. */
export async function consume(limit: Limit, key: string): Promise<void> {
  const { count, retryAfterSeconds } = await usage(limit, key);
  if (count >= limit.max) throw tooManyRequests(retryAfterSeconds);
  await recordHit(limit, key);
}

/** Throws a 429 when (bucket, key) is at its limit, without counting (for limits on failures only). */
export async function assertUnderLimit(limit: Limit, key: string): Promise<void> {
  const { count, retryAfterSeconds } = await usage(limit, key);
  if (count >= limit.max) throw tooManyRequests(retryAfterSeconds);
}
