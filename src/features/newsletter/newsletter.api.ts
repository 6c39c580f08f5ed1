/** The newsletter call, through the shop's ky client (loaded on the first submit, not with the page). */
import { api, ApiError } from '~/lib/http.ts';
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
    const answer = await api.post<Record<string, unknown>>('subscribe', body);
    const [severity, message] = Object.entries(answer)[0] ?? ['success', ''];
    return { severity: severity as Severity, message: String(message ?? '') };
  } catch (error) {
    // A refused address is the shopper's to fix (a warning); anything else is a failure (an error).
    if (error instanceof ApiError) return { severity: error.status === 400 ? 'warning' : 'error', message: error.message };
    return { severity: 'error', message: shopperMessage(error) };
  }
}
