/**
 * Page events from the storefront (spec: POST /api/analytics/collect). Rate limited per client before
 * anything else, so that neither good nor bad payloads can flood the table: 120 a minute and 1,000 a day (ANALYTICS_DAILY_LIMIT)
 * per client address (each at most 16 KB), kept for ANALYTICS_RETENTION_DAYS (retention.ts).
 */
import { consume, type Limit } from '~/server/security/rate-limit.ts';
import type { CollectRequest } from '~/features/analytics/analytics.schema.ts';
import { getDb } from '~/server/db/database.ts';
import { insertEvent } from './event.repository.ts';
import { z } from 'zod';
import { env } from '~/server/config/env.ts';

/** The answer to an event taken in (202). */
export const collectAnswerSchema = z.object({ accepted: z.literal(true) });

/** A shopper sends one event per page; 120 a minute leaves room for fast browsing and shared addresses. */
export const COLLECT_LIMIT: Limit = { bucket: 'analytics', max: 120, windowMs: 60_000 };
/** What one address may store in a day, ANALYTICS_DAILY_LIMIT (default 1,000: a day of busy browsing by a household or an office is far less). */
export const collectDailyLimit = (): Limit => {
  return { bucket: 'analytics:day', max: env('ANALYTICS_DAILY_LIMIT'), windowMs: 24 * 3600_000 };
};

export async function assertCanCollect(client: string): Promise<void> {
  await consume(COLLECT_LIMIT, client);
  await consume(collectDailyLimit(), client);
}

/** `event` has passed collectSchema. */
export async function collect(event: CollectRequest): Promise<void> {
  await insertEvent(await getDb(), { type: event.type, user_id: event.user_id == null ? null : String(event.user_id), payload: event.payload });
}
