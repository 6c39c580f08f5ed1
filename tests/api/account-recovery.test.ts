/** Forgot password, reset through the e-mailed link, first-time login and e-mail verification. */
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, testDb, uniqueEmail } from '../support/accounts.ts';
import { linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';

const mailDir = inject('mailDir');
// An expiry far from the edge of any clock: the server compares it with its own time, later.
const LONG_AGO = '2000-01-01T00:00:00.000Z';
afterAll(closeTestDbs);
// Sign-ins and new passwords cost a deliberate ~0.5 s of scrypt each, far more when every suite runs at once.
vi.setConfig({ testTimeout: 60_000 });

/** Asks for a reset link and returns the token from the e-mail. */
async function resetToken(url: string, email: string, nth = 1) {
  // From an address of its own: forgot-password requests count per client address.
  const res = await callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Reset your|Set the password/, nth);
  return mail;
}

describe.each(databases)('password recovery on $kind', ({ url, databaseUrl }) => {
  it('answers forgot-password the same for an unknown and a known address, and mails only the owner', async () => {
    const c = await seedCustomer(databaseUrl);
    const nobody = uniqueEmail('nobody');
    const from = freshAddress();
    // The unknown address first: its mail, had there been one, is on its way before the owner's arrives.
    const unknown = await callFrom(from, url, 'POST', '/api/customer/forgot-password', { email: nobody });
    const known = await callFrom(from, url, 'POST', '/api/customer/forgot-password', { email: c.email });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await waitForMail(mailDir, c.email, /Reset your/);
    expect(mailsTo(mailDir, nobody)).toEqual([]);
    const bad = await callFrom(from, url, 'POST', '/api/customer/forgot-password', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('email');
  });

  it('resets the password through the e-mailed link once, ending the old sessions', async () => {
    const c = await seedCustomer(databaseUrl);
    const mail = await resetToken(url, c.email);
    const link = linkIn(mail, '/customer/reset-password/');
    const token = link.pathname.split('/').pop()!;
    expect(link.searchParams.get('email')).toBe(c.email);
    // The page the link opens is there (its form posts to the API).
    expect((await fetch(link)).status).toBe(200);

    const body = { email: c.email, token, password: 'brand new secret', password_confirmation: 'brand new secret' };
    const res = await call(url, 'POST', '/api/customer/reset-password', body);
    expect(res.status).toBe(200);
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).status).toBe(401);
    const reused = await call(url, 'POST', '/api/customer/reset-password', { ...body, password: 'another secret', password_confirmation: 'another secret' });
    expect(reused.status).toBe(400);
    expect(reused.body.errors.token[0]).toMatch(/invalid or has expired/);
    expect((await call(url, 'POST', '/api/customer/login', { email: c.email, password: 'brand new secret' })).status).toBe(200);
  });

  it('refuses a reset link after 60 minutes', async () => {
    const c = await seedCustomer(databaseUrl);
    const token = linkIn(await resetToken(url, c.email), '/customer/reset-password/')
      .pathname.split('/')
      .pop()!;
    const db = await testDb(databaseUrl);
    const row = await db.selectFrom('auth_tokens').select(['created_at', 'expires_at', 'token_hash']).where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);
    expect(row.token_hash).not.toContain(token); // stored hashed
    await db.updateTable('auth_tokens').set({ expires_at: LONG_AGO }).where('customer_id', '=', c.id).execute();
    const res = await call(url, 'POST', '/api/customer/reset-password', {
      email: c.email,
      token,
      password: 'brand new secret',
      password_confirmation: 'brand new secret',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_token');
  });

  it('refuses a made-up token, another address, an older link and bad input', async () => {
    const c = await seedCustomer(databaseUrl);
    const first = linkIn(await resetToken(url, c.email, 1), '/customer/reset-password/')
      .pathname.split('/')
      .pop()!;
    const second = linkIn(await resetToken(url, c.email, 2), '/customer/reset-password/')
      .pathname.split('/')
      .pop()!;
    const body = { email: c.email, password: 'brand new secret', password_confirmation: 'brand new secret' };
    expect((await call(url, 'POST', '/api/customer/reset-password', { ...body, token: 'made-up' })).status).toBe(400);
    expect((await call(url, 'POST', '/api/customer/reset-password', { ...body, token: second, email: uniqueEmail() })).status).toBe(400);
    expect((await call(url, 'POST', '/api/customer/reset-password', { ...body, token: first })).status).toBe(400);
    const short = await call(url, 'POST', '/api/customer/reset-password', { ...body, token: second, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors).toHaveProperty('password');
    const mismatch = await call(url, 'POST', '/api/customer/reset-password', { ...body, token: second, password_confirmation: 'something else' });
    expect(mismatch.body.errors).toHaveProperty('password_confirmation');
    expect((await call(url, 'POST', '/api/customer/reset-password', { ...body })).body.errors).toHaveProperty('token');
  });

  it('lets an account made at guest checkout set its password through the first-time-login link', async () => {
    const c = await seedCustomer(databaseUrl, { password: null });
    // A failed sign-in counts against its client address: this test's own, not the loopback every file shares.
    const refused = await callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: 'anything at all' });
    expect(refused.status).toBe(401);
    const mail = await resetToken(url, c.email);
    expect(mail.subject).toMatch(/Set the password/);
    const link = linkIn(mail, '/customer/first-time-login');
    expect((await fetch(link)).status).toBe(200);
    const res = await call(url, 'POST', '/api/customer/reset-password', {
      email: c.email,
      token: link.searchParams.get('token'),
      password: 'my first password',
      password_confirmation: 'my first password',
    });
    expect(res.status).toBe(200);
    const login = await call(url, 'POST', '/api/customer/login', { email: c.email, password: 'my first password' });
    expect(login.status).toBe(200);
    expect(login.body.data.is_verified).toBe(true);
  });

  it('verifies with the token as a bare string, resends on request, and refuses expired or bad tokens', async () => {
    const c = await seedCustomer(databaseUrl);
    expect((await call(url, 'POST', '/api/customer/verify-account', {})).status).toBe(401);
    const resend = await call(url, 'POST', '/api/customer/verify-account', {}, c.auth);
    expect(resend.status).toBe(200);
    const first = linkIn(await waitForMail(mailDir, c.email, /Confirm your e-mail/), '/customer').searchParams.get('verify')!;
    const db = await testDb(databaseUrl);
    await db.updateTable('auth_tokens').set({ expires_at: LONG_AGO }).where('customer_id', '=', c.id).execute();
    expect((await call(url, 'POST', '/api/customer/verify-account', { token: first })).status).toBe(400);

    await call(url, 'POST', '/api/customer/verify-account', {}, c.auth);
    const second = linkIn(await waitForMail(mailDir, c.email, /Confirm your e-mail/, 2), '/customer').searchParams.get('verify')!;
    expect((await call(url, 'POST', '/api/customer/verify-account', JSON.stringify(second))).status).toBe(200);
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).body.data.is_verified).toBe(true);
    expect((await call(url, 'POST', '/api/customer/verify-account', { token: 42 })).status).toBe(400);
    const done = await call(url, 'POST', '/api/customer/verify-account', {}, c.auth);
    expect(done.body.message).toMatch(/already confirmed/);
  });
});
