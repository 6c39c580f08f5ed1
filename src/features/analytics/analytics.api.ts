/** Sends one analytics event through the shop's ky client (typed by src/server/analytics/analytics.endpoints.ts), and says whether to keep it for a retry. */
import { ApiError, call } from '~/lib/http.ts';
import type { analyticsEndpoints as E } from '~/server/analytics/analytics.endpoints.ts';
import type { PageEvent } from './analytics.schema.ts';
import type { SendResult } from './analytics.ts';

export async function sendEvent(event: PageEvent): Promise<SendResult> {
  try {
    await call<typeof E.collect>('POST /api/analytics/collect', { body: event });
    return 'sent';
  } catch (error) {
    // A refused event stays refused (bad payload); throttling and server trouble may pass.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) return 'dropped';
    return 'retry';
  }
}
