/** The newsletter's endpoint (docs/api.md "Newsletter and analytics"). */
import { subscribeSchema } from '~/features/newsletter/newsletter.schema.ts';
import type { NewsletterOutcome } from '~/features/newsletter/newsletter.outcome.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { subscribeAnswerSchema, subscribeBadRequestSchema } from './newsletter.answers.ts';

/** A plain form's outcome, which the footer prints: a new subscriber (201), one already there, or a refusal. */
function outcomeOf({ status, error }: { status: number; error?: { status: number } }): NewsletterOutcome {
  if (error) return error.status === 429 ? 'rate_limited' : 'invalid';
  if (status === 400) return 'invalid';
  return status === 201 ? 'subscribed' : 'already_subscribed';
}

export const newsletterEndpoints = {
  subscribe: defineEndpoint({
    method: 'post',
    path: '/api/subscribe',
    tag: 'Newsletter',
    summary: 'Subscribe to the newsletter',
    body: subscribeSchema,
    // Before JavaScript: back to the page the form was on, with ?newsletter=<outcome>#newsletter-result.
    form: { page: '/', back: true, outcome: { param: 'newsletter', hash: 'newsletter-result', of: outcomeOf } },
    answers: { 200: subscribeAnswerSchema, 201: subscribeAnswerSchema },
    errors: [429],
    errorAnswers: { 400: subscribeBadRequestSchema },
  }),
};
