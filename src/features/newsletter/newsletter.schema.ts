/** The newsletter sign-up contract (spec: POST /api/subscribe with subscriber_email), shared by form and server. */
import { z } from 'zod';
import { INVALID_EMAIL } from './newsletter.messages.ts';
import type { subscribeAnswerSchema } from '~/server/newsletter/newsletter.answers.ts';

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

/** The answer's shape is a zod schema in src/server/newsletter/newsletter.answers.ts; type-only here. */
export type SubscribeAnswer = z.output<typeof subscribeAnswerSchema>;
/** `status` says what happened, for clients that want a field rather than a message. */
