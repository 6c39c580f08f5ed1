/** The newsletter call (typed by src/server/newsletter/newsletter.endpoints.ts), through the shop's ky client (loaded on the first submit, not with the page). */
import { ApiError, call } from '~/lib/http.ts';
import type { newsletterEndpoints as E } from '~/server/newsletter/newsletter.endpoints.ts';
import type { Severity } from '~/features/snackbar/snackbar.ts';
import type { SubscribeRequest } from './newsletter.schema.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

export interface Outcome {
  severity: Severity;
  message: string;
}

/** Subscribes and returns what the snackbar should say: the answer's first key and first value. */
export async function subscribe(body: SubscribeRequest): Promise<Outcome> {
  try {
    const answer = await call<typeof E.subscribe>('POST /api/subscribe', { body });
    const [severity, message] = Object.entries(answer)[0] ?? ['success', ''];
    return { severity: severity as Severity, message: String(message ?? '') };
  } catch (error) {
    // A refused address is the shopper's to fix (a warning); anything else is a failure (an error).
    if (error instanceof ApiError) return { severity: error.status === 400 ? 'warning' : 'error', message: error.message };
    return { severity: 'error', message: shopperMessage(error) };
  }
}
