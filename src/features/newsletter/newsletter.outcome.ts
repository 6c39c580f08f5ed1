/**
 * Outcomes of a newsletter form posted without JavaScript: the server redirects back with
 * ?newsletter=<outcome>#newsletter-… and the page prints the matching message below the form.
 */
import { ALREADY_SUBSCRIBED_MESSAGE, INVALID_EMAIL, SUBSCRIBED_MESSAGE } from './newsletter.messages.ts';

export const NEWSLETTER_OUTCOMES = {
  subscribed: SUBSCRIBED_MESSAGE,
  already_subscribed: ALREADY_SUBSCRIBED_MESSAGE,
  invalid: INVALID_EMAIL,
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

export function newsletterOutcomeMessage(value: string | null): string | undefined {
  return value && Object.hasOwn(NEWSLETTER_OUTCOMES, value) ? NEWSLETTER_OUTCOMES[value as NewsletterOutcome] : undefined;
}
