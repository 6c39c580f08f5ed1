/** Sign-up, sign-in, sign-out, the customer and their profile and password, as an API client sees them. */
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, testDb, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { Shopper } from '../support/shopper.ts';
import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';

const mailDir = inject('mailDir');
afterAll(closeTestDbs);
// Sign-ins and new passwords cost a deliberate ~0.5 s of scrypt each, far more when every suite runs at once.
vi.setConfig({ testTimeout: 60_000 });

const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie') ?? '';
const sessionCookie = (setCookie: string) => setCookie.match(/aurelle_session=([^;]*)/)?.[1] ?? '';

describe.each(databases)('customer accounts on $kind', ({ url, databaseUrl }) => {
  it('signs up, e-mails a confirmation link that verifies the account once, and signs in', async () => {
    const email = uniqueEmail('signup');
    const res = await call(url, 'POST', '/api/customer/register', {
      email: email.toUpperCase(),
      first_name: ' Grace ',
      last_name: 'Hopper',
      password: 'a long passphrase',
      password_confirmation: 'a long passphrase',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/check your e-mail/i);

    const mail = await waitForMail(mailDir, email, /Confirm your e-mail/);
    const token = linkIn(mail, '/customer').searchParams.get('verify')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('Confirm my e-mail address');
    const verified = await call(url, 'POST', '/api/customer/verify-account', { token });
    expect(verified.status).toBe(200);
    const again = await call(url, 'POST', '/api/customer/verify-account', { token });
    expect(again.status).toBe(400);
    expect(again.body.errors.token[0]).toMatch(/invalid or has expired/);

    const shopper = new Shopper(url);
    const login = await shopper.send(accountsEndpoints.login, { body: { email, password: 'a long passphrase' } });
    expect(login.status).toBe(200);
    const me = await shopper.send(accountsEndpoints.get); // the session cookie the sign-in set
    expect(me.body.data).toMatchObject({ email, first_name: 'Grace', last_name: 'Hopper', is_verified: true });
    expect(me.body.data).not.toHaveProperty('password_hash');
  });

  it('refuses bad sign-up input with 400 naming the field', async () => {
    const good = { email: uniqueEmail(), first_name: 'A', last_name: 'B', password: 'password1', password_confirmation: 'password1' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, email: undefined }, 'email'],
      [{ ...good, first_name: '  ' }, 'first_name'],
      [{ ...good, password: 'short', password_confirmation: 'short' }, 'password'],
      [{ ...good, password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, 'password'],
      [{ ...good, password_confirmation: 'password2' }, 'password_confirmation'],
    ];
    for (const [body, field] of cases) {
      const res = await call(url, 'POST', '/api/customer/register', body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await call(url, 'POST', '/api/customer/register', '{oops')).status).toBe(400);
  });

  it('answers a sign-up with an existing e-mail exactly like a new one, and tells the owner by e-mail', async () => {
    const owner = await seedCustomer(databaseUrl);
    const body = { first_name: 'Eve', last_name: 'Mallory', password: 'password123', password_confirmation: 'password123' };
    const existing = await call(url, 'POST', '/api/customer/register', { ...body, email: owner.email });
    const fresh = await call(url, 'POST', '/api/customer/register', { ...body, email: uniqueEmail() });
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toEqual(fresh.body);
    const mail = await waitForMail(mailDir, owner.email, /already have/);
    expect(linkIn(mail, '/customer/forgot-password').pathname).toBe('/customer/forgot-password');
    const db = await testDb(databaseUrl);
    const rows = await db.selectFrom('customers').select(['first_name']).where('email', '=', owner.email).execute();
    expect(rows).toEqual([{ first_name: 'Ada' }]);
  });

  it('signs in with a token and a session cookie naming the same session, and sanitises ?redirect', async () => {
    const c = await seedCustomer(databaseUrl);
    const res = await call(url, 'POST', '/api/customer/login?redirect=%2Fcustomer%2Faccount%2Forders%3Fpage%3D2', {
      email: c.email.toUpperCase(),
      password: c.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String), redirect: '/customer/account/orders?page=2', data: { id: c.id, email: c.email } });
    const setCookie = cookieOf(res);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(sessionCookie(setCookie)).toBe(res.body.token);
    const viaCookie = await call(url, 'GET', '/api/customer/get', undefined, { cookie: `aurelle_session=${sessionCookie(setCookie)}` });
    expect(viaCookie.body.data.id).toBe(c.id);
    expect(viaCookie.headers.get('cache-control')).toBe('no-store');

    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const r = await call(url, 'POST', `/api/customer/login?redirect=${encodeURIComponent(evil)}`, { email: c.email, password: c.password });
      expect(r.body.redirect).toBe('/customer/account/profile');
    }
  });

  it('marks the cookie Secure when the shop is reached over HTTPS through a proxy', async () => {
    const c = await seedCustomer(databaseUrl);
    const res = await call(url, 'POST', '/api/customer/login', { email: c.email, password: c.password }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/;\s*Secure/i);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const c = await seedCustomer(databaseUrl);
    const from = freshAddress();
    const wrong = await callFrom(from, url, 'POST', '/api/customer/login', { email: c.email, password: 'not the password' });
    const unknown = await callFrom(from, url, 'POST', '/api/customer/login', { email: uniqueEmail('nobody'), password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses bad sign-in input with 400 naming the field', async () => {
    expect((await call(url, 'POST', '/api/customer/login', { password: 'x' })).body.errors).toHaveProperty('email');
    expect((await call(url, 'POST', '/api/customer/login', { email: uniqueEmail() })).body.errors).toHaveProperty('password');
    expect((await call(url, 'POST', '/api/customer/login', { email: uniqueEmail(), password: 'x'.repeat(129) })).status).toBe(400);
  });

  it('answers 401 to account calls without a session or with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Bearer made-up-token' }, { cookie: 'aurelle_session=made-up' }] as Record<string, string>[]) {
      const res = await call(url, 'GET', '/api/customer/get', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please sign in to continue');
    }
    expect((await call(url, 'PUT', '/api/customer/profile', { first_name: 'A', last_name: 'B', email: uniqueEmail() })).status).toBe(401);
    expect(
      (await call(url, 'PUT', '/api/customer/change-password', { old_password: 'a', new_password: 'bbbbbbbb', new_password_confirmation: 'bbbbbbbb' })).status,
    ).toBe(401);
  });

  it('logs out: the token stops working and the cookie is cleared', async () => {
    const c = await seedCustomer(databaseUrl);
    const res = await call(url, 'POST', '/api/customer/logout', undefined, c.auth);
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/aurelle_session=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).status).toBe(401);
    // Logging out twice, or without a session, is harmless.
    expect((await call(url, 'POST', '/api/customer/logout')).status).toBe(200);
  });

  it('updates the profile, validates it, and sends a new address a confirmation link', async () => {
    const c = await seedCustomer(databaseUrl);
    const newEmail = uniqueEmail('moved');
    const res = await call(
      url,
      'PUT',
      '/api/customer/profile',
      {
        first_name: 'Ada',
        last_name: 'King',
        email: newEmail,
        current_password: c.password,
        gender: 'female',
        phone: '+44 20 7946 0000',
        date_of_birth: '1815-12-10',
      },
      c.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('date_of_birth');
    const ok = await call(
      url,
      'PUT',
      '/api/customer/profile',
      {
        first_name: 'Ada',
        last_name: 'King',
        email: newEmail,
        current_password: c.password,
        gender: 'female',
        phone: '+44 20 7946 0000',
        date_of_birth: '1985-12-10',
      },
      c.auth,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'King',
      email: newEmail,
      gender: 'Female',
      phone: '+44 20 7946 0000',
      date_of_birth: '1985-12-10',
      is_verified: false,
    });
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).body.data.last_name).toBe('King');
    await waitForMail(mailDir, newEmail, /Confirm your e-mail/);

    // Fields left out stay as they are; '' clears an optional one.
    const partial = await call(url, 'PUT', '/api/customer/profile', { first_name: 'Ada', last_name: 'King', email: newEmail, phone: '' }, c.auth);
    expect(partial.body.data).toMatchObject({ gender: 'Female', phone: null, date_of_birth: '1985-12-10' });

    const other = await seedCustomer(databaseUrl);
    const taken = await call(
      url,
      'PUT',
      '/api/customer/profile',
      { first_name: 'Ada', last_name: 'King', email: other.email, current_password: c.password },
      c.auth,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toEqual(['This e-mail address cannot be used']);
    for (const [field, value] of [
      ['email', 'nope'],
      ['gender', 'robot'],
      ['phone', 'call me'],
      ['first_name', ''],
    ] as const) {
      const bad = await call(url, 'PUT', '/api/customer/profile', { first_name: 'Ada', last_name: 'King', email: newEmail, [field]: value }, c.auth);
      expect(bad.status, field).toBe(400);
      expect(bad.body.errors).toHaveProperty(field);
    }
  });

  it('changes the password, ending every session and answering a new token', async () => {
    const c = await seedCustomer(databaseUrl, { password: 'first password' });
    const other = await seedCustomer(databaseUrl); // a second customer's session must survive
    const db = await testDb(databaseUrl);
    const before = await db.selectFrom('sessions').select('id').where('customer_id', '=', c.id).execute();
    expect(before).toHaveLength(1);
    const phone = await call(url, 'POST', '/api/customer/login', { email: c.email, password: 'first password' });
    const phoneAuth = { authorization: `Bearer ${phone.body.token}` };

    const mismatch = await call(
      url,
      'PUT',
      '/api/customer/change-password',
      { old_password: 'first password', new_password: 'second password', new_password_confirmation: 'other' },
      c.auth,
    );
    expect(mismatch.body.errors).toHaveProperty('new_password_confirmation');
    const wrongOld = await call(
      url,
      'PUT',
      '/api/customer/change-password',
      { old_password: 'not it', new_password: 'second password', new_password_confirmation: 'second password' },
      c.auth,
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors.old_password).toEqual(['The current password is incorrect']);

    const ok = await call(
      url,
      'PUT',
      '/api/customer/change-password',
      { old_password: 'first password', new_password: 'second password', new_password_confirmation: 'second password' },
      c.auth,
    );
    expect(ok.status).toBe(200);
    expect(sessionCookie(cookieOf(ok))).toBe(ok.body.token);
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).status).toBe(401);
    expect((await call(url, 'GET', '/api/customer/get', undefined, phoneAuth)).status).toBe(401);
    expect((await call(url, 'GET', '/api/customer/get', undefined, { authorization: `Bearer ${ok.body.token}` })).body.data.id).toBe(c.id);
    expect((await call(url, 'GET', '/api/customer/get', undefined, other.auth)).status).toBe(200);
    expect((await call(url, 'POST', '/api/customer/login', { email: c.email, password: 'second password' })).status).toBe(200);
  });
});
