/** The newsletter sign-up contract (spec: POST /api/subscribe with subscriber_email), shared by form and server. */
import { z } from 'zod';
import { INVALID_EMAIL } from './newsletter.messages.ts';

export { INVALID_EMAIL, SUBSCRIBED_MESSAGE, ALREADY_SUBSCRIBED_MESSAGE, looksLikeEmail } from './newsletter.messages.ts';

export const subscribeSchema = z.object({
  subscriber_email: z
    .string(INVALID_EMAIL)
    .trim()
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL))
    .transform((email) => email.toLowerCase()),
});

export type SubscribeRequest = z.input<typeof subscribeSchema>;

/** `status` says what happened, for clients that want a field rather than a message. */
export type SubscribeStatus = 'subscribed' | 'already_subscribed';

/**
 * The answer: its first key is the snackbar severity and its first value the message (spec section 7,
 * "Newsletter mutation"); `status` follows for clients that prefer a field.
 */
export type SubscribeAnswer = { success: string; status: SubscribeStatus };
