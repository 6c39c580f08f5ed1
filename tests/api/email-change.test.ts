/**
 * Changing the e-mail address cannot take an account over: it needs the current password, the
 * old address is told with a link that undoes the change, and the new address gets no password-reset
 * link until its owner has confirmed it.
 */
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, uniqueEmail } from '../support/accounts.ts';
import { linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';

const mailDir = inject('mailDir');
afterAll(closeTestDbs);
vi.setConfig({ testTimeout: 60_000 });

const profile = (email: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Ada', last_name: 'Lovelace', email, ...extra });

describe.each(databases)('changing the e-mail address on $kind', ({ url, databaseUrl }) => {
  it('needs the current password: missing or wrong is a 400 naming current_password, and nothing changes', async () => {
    const c = await seedCustomer(databaseUrl);
    const stolen = uniqueEmail('thief');
    const missing = await call(url, 'PUT', '/api/customer/profile', profile(stolen), c.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ current_password: ['Enter your current password'] });
    const wrong = await call(url, 'PUT', '/api/customer/profile', profile(stolen, { current_password: 'not the password' }), c.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect'] });
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).body.data.email).toBe(c.email);
    // Other fields save without it while the address stays the same.
    const named = await call(url, 'PUT', '/api/customer/profile', profile(c.email, { last_name: 'King' }), c.auth);
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ email: c.email, last_name: 'King' });
  });

  it('tells the old address with an undo link, and mails no reset link to the new address before it is confirmed', async () => {
    const c = await seedCustomer(databaseUrl);
    const moved = uniqueEmail('moved');
    const ok = await call(url, 'PUT', '/api/customer/profile', profile(moved, { current_password: c.password }), c.auth);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ email: moved, is_verified: false });
    const told = await waitForMail(mailDir, c.email, /was changed/);
    expect(told.text).toContain(moved);
    linkIn(told, '/customer');

    // A reset asked for the new, unconfirmed address sends nothing; once confirmed, it does.
    expect((await callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email: moved })).status).toBe(200);
    const confirm = await waitForMail(mailDir, moved, /Confirm your e-mail/);
    const verifyToken = linkIn(confirm, '/customer').searchParams.get('verify')!;
    expect((await call(url, 'POST', '/api/customer/verify-account', { token: verifyToken })).status).toBe(200);
    expect((await callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email: moved })).status).toBe(200);
    await waitForMail(mailDir, moved, /Reset your/);
    expect(mailsTo(mailDir, moved).filter((m) => /Reset your/.test(m.subject))).toHaveLength(1);
  });

  it("undoes the change from the old address's link: the address back, every session ended, a reset link to it", async () => {
    const c = await seedCustomer(databaseUrl);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await call(url, 'PUT', '/api/customer/profile', profile(first, { current_password: c.password }), c.auth)).status).toBe(200);
    // A second change cannot take the first address's way back.
    expect((await call(url, 'PUT', '/api/customer/profile', profile(second, { current_password: c.password }), c.auth)).status).toBe(200);
    const undoLink = linkIn(await waitForMail(mailDir, c.email, /was changed/), '/customer');
    const token = undoLink.searchParams.get('undo_email')!;
    expect(token).toBeTruthy();

    // The link opens a page with a form; only the post changes anything.
    const page = await fetch(new URL(`${undoLink.pathname}${undoLink.search}`, url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<input type="hidden" name="_action" value="undo-email"');
    expect(html).toContain('Undo the change');
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).body.data.email).toBe(second);

    const undone = await call(url, 'POST', '/api/customer/undo-email-change', { token });
    expect(undone.status).toBe(200);
    expect(undone.body.message).toMatch(/changed back/);
    expect((await call(url, 'GET', '/api/customer/get', undefined, c.auth)).status).toBe(401);
    await waitForMail(mailDir, c.email, /Reset your/);
    const signIn = await callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: c.password });
    expect(signIn.body.data).toMatchObject({ email: c.email, is_verified: true });
    // Used once; a made-up token is refused alike.
    for (const t of [token, 'made-up']) {
      const again = await call(url, 'POST', '/api/customer/undo-email-change', { token: t });
      expect(again.status).toBe(400);
      expect(again.body.errors).toHaveProperty('token');
    }
  });
});
