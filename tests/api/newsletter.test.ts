/** POST /api/subscribe as a client (JSON) and as a plain HTML form, on SQLite and PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { callFrom } from '../support/accounts.ts';
import { rows } from '../support/rows.ts';
import { declaredAnswer } from '../support/endpoint-client.ts';
import { newsletterEndpoints } from '~/server/newsletter/newsletter.endpoints.ts';
import { freshAddress } from '../support/unique.ts';

describe.each(databases)('newsletter on $kind', ({ url, databaseUrl }) => {
  // Sign-ups are limited per client address: this file's own, whose allowance no other file spends.
  let from = '';
  beforeAll(() => {
    from = freshAddress();
  });
  const subscribe = (body: unknown) => callFrom(from, url, 'POST', '/api/subscribe', body);
  const form = (email: string, referer?: string) =>
    callFrom(from, url, 'POST', '/api/subscribe', new URLSearchParams({ subscriber_email: email }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...(referer ? { referer } : {}),
    });

  it('subscribes an address: the first key is the severity, the first value the message', async () => {
    const res = declaredAnswer(newsletterEndpoints.subscribe, await subscribe({ subscriber_email: 'Anna.Lind@Example.com' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: 'Thank you for subscribing!', status: 'subscribed' });
    expect(Object.keys(res.body)[0]).toBe('success');
  });

  it('answers a second subscription of the same address, in any case, kindly and stores it once', async () => {
    const res = await subscribe({ subscriber_email: '  anna.lind@EXAMPLE.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: 'You are already subscribed. Thank you for staying in touch!', status: 'already_subscribed' });
    const stored = await rows(databaseUrl, (db) =>
      db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where((eb) => eb.fn('lower', ['email']), '=', 'anna.lind@example.com')
        .execute(),
    );
    expect(stored).toEqual([{ email: 'anna.lind@example.com' }]);
  });

  it.each([['not-an-email'], [''], ['   '], ['anna@'], [42]])('refuses %j with a 400 naming subscriber_email', async (email) => {
    const res = await subscribe({ subscriber_email: email });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      warning: 'Enter a valid email address',
      message: 'Enter a valid email address',
      errors: { subscriber_email: ['Enter a valid email address'] },
    });
  });

  it('refuses a missing field and a body that is not JSON', async () => {
    const missing = await subscribe({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('subscriber_email');
    const broken = await subscribe('{"subscriber_email":');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON');
  });

  it('takes a plain form post and sends the shopper back to the page with the outcome', async () => {
    const res = await form('form.shopper@example.com', `${url}/about-us`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about-us?newsletter=subscribed#newsletter-result');
    const page = await (await fetch(`${url}/about-us?newsletter=subscribed`)).text();
    expect(page).toContain('<p id="newsletter-result" role="status"');
    expect(page).toContain('Thank you for subscribing!');
  });

  it('sends a form post with a bad address back with the warning, and never to another site', async () => {
    const invalid = await form('nobody', `${url}/`);
    expect(invalid.headers.get('location')).toBe('/?newsletter=invalid#newsletter-result');
    const foreign = await form('form.shopper@example.com', 'https://evil.example/phish');
    expect(foreign.status).toBe(303);
    expect(foreign.headers.get('location')).toBe('/?newsletter=already_subscribed#newsletter-result');
    // A Referer of this shop whose path a browser would read as another host.
    for (const path of ['//evil.example/phish', '/\\evil.example/phish', '/%2F/evil.example']) {
      const sneaky = await form('form.shopper@example.com', `${url}${path}`);
      expect(sneaky.status).toBe(303);
      const location = sneaky.headers.get('location')!;
      expect(location, path).toMatch(/^\/(?![\/\\])/);
      expect(new URL(location, url).origin, path).toBe(new URL(url).origin);
    }
  });
});
