/**
 * What /api/subscribe's route needs beyond the declaration (newsletter.endpoints.ts): JSON (our form once
 * enhanced, and API clients) gets JSON whose first key is the severity and first value the message, and a
 * refused address a 400 led by `warning`. A plain HTML form post (before JavaScript) goes back to the page
 * it came from with ?newsletter=<outcome>, which the footer prints, as the declaration's `form` says.
 */
import type { z } from 'zod';
import { json, validationError } from '~/server/endpoint/http.ts';
import { subscribeSchema, INVALID_EMAIL } from '~/features/newsletter/newsletter.schema.ts';
import { subscribe } from './newsletter.service.ts';
import type { subscribeRefusalSchema } from './newsletter.answers.ts';

/** A 400 that names subscriber_email, whose first key is also a severity for clients that read it that way. */
function invalidEmail(errors: Record<string, string[]>): Response {
  const body: z.output<typeof subscribeRefusalSchema> = { warning: INVALID_EMAIL, message: INVALID_EMAIL, code: 'validation_failed', errors };
  return json(body, { status: 400 });
}

/** Subscribes the body's address: 201 for a new subscriber, 200 for one already there, 400 (led by `warning`) for a refused address. */
export async function subscribeAnswer(body: unknown, client: string): Promise<Response> {
  const parsed = subscribeSchema.safeParse(body);
  if (!parsed.success) {
    const error = validationError(parsed.error);
    return invalidEmail(error.errors ?? { subscriber_email: [INVALID_EMAIL] });
  }
  const { created, answer } = await subscribe(parsed.data.subscriber_email, client);
  return json(answer, { status: created ? 201 : 200 });
}
