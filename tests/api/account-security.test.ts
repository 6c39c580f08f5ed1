/** The account security rules, one test each: brute-force limits, foreign Origin, no account enumeration. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, uniqueEmail } from '../support/accounts.ts';

afterAll(closeTestDbs);
// Sign-ins and new passwords cost a deliberate ~0.5 s of scrypt each, far more when every suite runs at once.
vi.setConfig({ testTimeout: 60_000 });

const LOGIN_IP_LIMIT = 10; // as set for the API servers in tests/api/global-setup.ts

describe.each(databases)('account security on $kind', ({ url, databaseUrl }) => {
  it('locks an account from the address that failed 5 times in 15 minutes (429 + Retry-After), known or unknown alike', async () => {
    const c = await seedCustomer(databaseUrl);
    const unknown = uniqueEmail('ghost');
    const from = freshAddress();
    const elsewhere = freshAddress();
    const attempt = (email: string, password = 'wrong password') =>
      callFrom(email === unknown ? elsewhere : from, url, 'POST', '/api/customer/login', { email, password });
    const results = await Promise.all(
      [c.email, unknown].map(async (email) => {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) statuses.push((await attempt(email)).status);
        return statuses;
      }),
    );
    expect(results).toEqual([
      [401, 401, 401, 401, 401],
      [401, 401, 401, 401, 401],
    ]);
    const locked = await attempt(c.email, c.password); // even the right password
    const lockedUnknown = await attempt(unknown);
    expect(locked.status).toBe(429);
    expect(lockedUnknown.status).toBe(429);
    expect(lockedUnknown.body).toEqual(locked.body);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The account is locked from that address, not the shop: another customer signs in from the same address
    // (and the owner from any other address: tests/api/parallel-limits.test.ts).
    const other = await seedCustomer(databaseUrl);
    expect((await callFrom(from, url, 'POST', '/api/customer/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  it(`limits failed logins per address (LOGIN_IP_LIMIT=${LOGIN_IP_LIMIT} here, 50 by default)`, async () => {
    const from = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: LOGIN_IP_LIMIT }, (_, i) =>
        callFrom(from, url, 'POST', '/api/customer/login', { email: uniqueEmail(`spray${i}`), password: 'guess1234' }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(LOGIN_IP_LIMIT).fill(401));
    const c = await seedCustomer(databaseUrl);
    const blocked = await callFrom(from, url, 'POST', '/api/customer/login', { email: c.email, password: c.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: c.password })).status).toBe(200);
  });

  it('limits forgot-password to 5 per e-mail address and per client address, answering known and unknown alike', async () => {
    const c = await seedCustomer(databaseUrl);
    const unknown = uniqueEmail('ghost');
    const from = freshAddress();
    for (const email of [c.email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await callFrom(from, url, 'POST', '/api/customer/forgot-password', { email })).status).toBe(200);
    }
    const known6 = await callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email: c.email });
    const unknown6 = await callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email: unknown });
    expect([known6.status, unknown6.status]).toEqual([429, 429]);
    expect(unknown6.body).toEqual(known6.body);
    expect(known6.headers.get('retry-after')).toBeTruthy();
    // Per address: 10 requests were made from `from`, the limit here.
    const fromBlocked = await callFrom(from, url, 'POST', '/api/customer/forgot-password', { email: uniqueEmail() });
    expect(fromBlocked.status).toBe(429);
  });

  it('refuses state-changing account calls from a foreign Origin or a cross-site fetch, even with a valid cookie', async () => {
    const c = await seedCustomer(databaseUrl);
    const cookie = { cookie: `aurelle_session=${c.token}` };
    const address = (
      await call(
        url,
        'POST',
        '/api/addresses/create',
        { address1: '1 Main St', city: 'Boston', country: 'US', state: 'MA', postcode: '02110', phone: '617 555 0100' },
        cookie,
      )
    ).body.data;
    const attacks: [string, string, unknown][] = [
      ['POST', '/api/customer/logout', undefined],
      ['PUT', '/api/customer/profile', { first_name: 'Hacked', last_name: 'X', email: uniqueEmail() }],
      ['PUT', '/api/customer/change-password', { old_password: c.password, new_password: 'attacker pass', new_password_confirmation: 'attacker pass' }],
      ['POST', '/api/addresses/create', { address1: 'x', city: 'x', country: 'US', postcode: '1', phone: '12345' }],
      ['PUT', `/api/addresses/${address.id}`, { address1: 'x', city: 'x', country: 'US', postcode: '1', phone: '12345' }],
      ['DELETE', `/api/addresses/${address.id}`, undefined],
      ['POST', `/api/addresses/${address.id}/default`, undefined],
      ['POST', '/api/orders/createOrderPaymentLink', { id: 1 }],
      ['POST', '/api/customer/verify-account', {}],
    ];
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
      for (const [method, path, body] of attacks) {
        const res = await call(url, method, path, body, { ...cookie, ...headers });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body.code).toBe('foreign_origin');
      }
    }
    const me = await call(url, 'GET', '/api/customer/get', undefined, cookie);
    expect(me.body.data.first_name).toBe('Ada');
    expect((await call(url, 'GET', '/api/addresses', undefined, cookie)).body.data).toHaveLength(1);
    // The shop's own pages (same Origin) go through.
    const own = await call(
      url,
      'PUT',
      '/api/customer/profile',
      { first_name: 'Ada', last_name: 'Byron', email: c.email },
      { ...cookie, origin: url, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
  });

  it('never tells whether an e-mail address has an account (sign-in, recovery, sign-up)', async () => {
    const c = await seedCustomer(databaseUrl);
    const nobody = uniqueEmail('nobody');
    const from = freshAddress();
    const login = (email: string) => callFrom(from, url, 'POST', '/api/customer/login', { email, password: 'password123' });
    const forgot = (email: string) => callFrom(from, url, 'POST', '/api/customer/forgot-password', { email });
    const register = (email: string) =>
      call(url, 'POST', '/api/customer/register', { email, first_name: 'A', last_name: 'B', password: 'password123', password_confirmation: 'password123' });
    for (const ask of [login, forgot, register]) {
      const [known, unknown] = [await ask(c.email), await ask(nobody)];
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.headers.get('set-cookie')).toBe(known.headers.get('set-cookie'));
    }
  });
});
