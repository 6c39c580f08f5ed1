/** Sends one analytics event through the shop's ky client, and says whether to keep it for a retry. */
import { api, ApiError } from '~/lib/http.ts';
import type { PageEvent } from './analytics.schema.ts';
import type { SendResult } from './analytics.ts';

export async function sendEvent(event: PageEvent): Promise<SendResult> {
  try {
    await api.post('analytics/collect', event);
    return 'sent';
  } catch (error) {
    // A refused event stays refused (bad payload); throttling and server trouble may pass.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) return 'dropped';
    return 'retry';
  }
}
