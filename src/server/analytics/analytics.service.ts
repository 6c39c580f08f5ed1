/**
 * Page events from the storefront (spec: POST /api/analytics/collect). Rate limited per client before
 * anything else, so that neither good nor bad payloads can flood the table.
 */
import { consume, type Limit } from '~/server/security/rate-limit.ts';
import type { CollectRequest } from '~/features/analytics/analytics.schema.ts';
import { insertEvent } from './event.repository.ts';
import { z } from 'zod';

/** The answer to an event taken in (202). */
export const collectAnswerSchema = z.object({ accepted: z.literal(true) });

/** A shopper sends one event per page; 120 a minute leaves room for fast browsing and shared addresses. */
export const COLLECT_LIMIT: Limit = { bucket: 'analytics', max: 120, windowMs: 60_000 };

export async function assertCanCollect(client: string): Promise<void> {
  await consume(COLLECT_LIMIT, client);
}

/** `event` has passed collectSchema. */
export async function collect(event: CollectRequest): Promise<void> {
  await insertEvent({ type: event.type, user_id: event.user_id == null ? null : String(event.user_id), payload: event.payload });
}
