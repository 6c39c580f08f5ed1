import { describe, expect, it } from 'vitest';
import { looksLikeEmail, subscribeSchema } from '~/features/newsletter/newsletter.schema.ts';
import { newsletterOutcomeMessage } from '~/features/newsletter/newsletter.outcome.ts';

describe('newsletter e-mail', () => {
  it('is rejected in the browser when empty, blank or without @', () => {
    expect(looksLikeEmail('')).toBe(false);
    expect(looksLikeEmail('   ')).toBe(false);
    expect(looksLikeEmail('anna.example.com')).toBe(false);
    expect(looksLikeEmail(' anna@example.com ')).toBe(true);
  });
  it('is trimmed and lower-cased by the server, which also checks its form', () => {
    expect(subscribeSchema.parse({ subscriber_email: '  Anna@Example.COM ' })).toEqual({ subscriber_email: 'anna@example.com' });
    const result = subscribeSchema.safeParse({ subscriber_email: 'anna@' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['subscriber_email'], message: 'Enter a valid email address' });
    expect(subscribeSchema.safeParse({}).error?.issues[0]?.message).toBe('Enter a valid email address');
  });
  it('prints the outcome of a form posted without JavaScript', () => {
    expect(newsletterOutcomeMessage('subscribed')).toBe('Thank you for subscribing!');
    expect(newsletterOutcomeMessage('invalid')).toBe('Enter a valid email address');
    expect(newsletterOutcomeMessage('toString')).toBeUndefined();
    expect(newsletterOutcomeMessage(null)).toBeUndefined();
  });
});
