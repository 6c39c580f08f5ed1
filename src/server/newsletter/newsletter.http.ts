/**
 * The two ways /api/subscribe is called. JSON (our form once enhanced, and API clients) gets JSON whose
 * first key is the severity and first value the message. A plain HTML form post (before JavaScript) gets
 * a 303 back to the page it came from with ?newsletter=<outcome>, which the footer prints.
 */
import { HttpError, json, validationError } from '~/server/http.ts';
import { subscribeSchema, INVALID_EMAIL } from '~/features/newsletter/newsletter.schema.ts';
import type { NewsletterOutcome } from '~/features/newsletter/newsletter.outcome.ts';
import { subscribe } from './newsletter.service.ts';
import { isSameSitePath } from '~/features/appointments/appointments.schema.ts';
import type { z } from 'zod';
import type { subscribeRefusalSchema } from './newsletter.answers.ts';

/** A 400 that names subscriber_email, whose first key is also a severity for clients that read it that way. */
function invalidEmail(errors: Record<string, string[]>): Response {
  const body: z.output<typeof subscribeRefusalSchema> = { warning: INVALID_EMAIL, message: INVALID_EMAIL, code: 'validation_failed', errors };
  return json(body, { status: 400 });
}

export async function subscribeJson(body: unknown, client: string): Promise<Response> {
  const parsed = subscribeSchema.safeParse(body);
  if (!parsed.success) {
    const error = validationError(parsed.error);
    return invalidEmail(error.errors ?? { subscriber_email: [INVALID_EMAIL] });
  }
  const { created, answer } = await subscribe(parsed.data.subscriber_email, client);
  return json(answer, { status: created ? 201 : 200 });
}

export async function subscribeForm(request: Request, url: URL, client: string): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const parsed = subscribeSchema.safeParse({ subscriber_email: form.get('subscriber_email') ?? '' });
  let outcome: NewsletterOutcome;
  if (!parsed.success) outcome = 'invalid';
  else {
    try {
      outcome = (await subscribe(parsed.data.subscriber_email, client)).created ? 'subscribed' : 'already_subscribed';
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) outcome = 'rate_limited';
      else throw error;
    }
  }
  return new Response(null, { status: 303, headers: { location: backTo(request, url, outcome), 'cache-control': 'no-store' } });
}

/** The page the form was on (same origin only, never an open redirect), with the outcome and the form's anchor. */
function backTo(request: Request, url: URL, outcome: NewsletterOutcome): string {
  let target = new URL('/', url);
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === url.origin) target = from;
    } catch {
      // not a URL: go home
    }
  }
  target.searchParams.set('newsletter', outcome);
  target.hash = 'newsletter-result';
  const back = `${target.pathname}${target.search}${target.hash}`;
  // A same-origin Referer may still name a path a browser reads as another site (`//evil.example/…`,
  // `/\evil.example`): only a plain path of this shop is followed.
  return isSameSitePath(back) ? back : `/?newsletter=${outcome}#newsletter-result`;
}
