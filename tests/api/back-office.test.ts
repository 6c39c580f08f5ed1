/**
 * The back office's staff accounts (issue 31), on SQLite and PostgreSQL: the admin routes with a staff
 * session and with the token, the role rules, the activity record, sign-in limits, two-factor sign-in,
 * the idle time-out and the signed-out redirect.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, freshAddress, seedCustomer, seedOrder, testDb, uniqueEmail } from '../support/accounts.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { addStaff, page, postSignIn, seedStaff, signIn, staffCli, totpCode } from '../support/staff.ts';

// Each sign-in costs a deliberate ~0.5 s of scrypt, far more when suites run side by side.
vi.setConfig({ testTimeout: 300_000 });
afterAll(closeTestDbs);

const token = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(databases)('the back office on $kind', ({ url, databaseUrl }) => {
  it('makes staff with the CLI (password on stdin), signs them in with a strict cookie, and sends signed-out pages to /admin/login', async () => {
    const owner = await addStaff(databaseUrl, uniqueEmail('owner'), 'owner');
    const again = await staffCli(databaseUrl, ['add', owner.email, '--role', 'owner'], 'another-password\n');
    expect(again.status).toBe(1);
    expect(again.output).toContain('already has a staff account');
    expect((await staffCli(databaseUrl, ['add', uniqueEmail('short'), '--role', 'owner'], 'short\n')).output).toContain('password: Use at least 8 characters');
    expect((await staffCli(databaseUrl, ['add', uniqueEmail('x'), '--role', 'boss'], 'long-enough-1\n')).output).toContain(
      '--role takes owner, manager or editor',
    );
    expect((await staffCli(databaseUrl, ['list'])).output).toContain(owner.email);

    const signedOut = await page(url, '/admin/orders?q=AU1');
    expect(signedOut.status).toBe(303);
    expect(signedOut.location).toBe('/admin/login?redirect=%2Fadmin%2Forders%3Fq%3DAU1');
    expect((await page(url, '/admin')).location).toMatch(/^\/admin\/login/);

    const r = await postSignIn(url, { email: owner.email.toUpperCase(), password: owner.password, redirect: '/admin/orders' }, '127.0.0.1', {
      'x-forwarded-proto': 'https',
    });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/admin/orders');
    expect(r.setCookie).toMatch(/^aurelle_staff=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const plain = await postSignIn(url, { email: owner.email, password: owner.password });
    expect(plain.setCookie).not.toContain('Secure');
    // A foreign redirect is never followed.
    expect((await postSignIn(url, { email: owner.email, password: owner.password, redirect: '//evil.example/admin' })).location).toBe('/admin');
    const home = await page(url, '/admin', plain.cookie);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-store');
    expect(home.body).toContain(owner.email);

    // The shopper's session is not a staff session, and the staff cookie is not a shopper's.
    const out = await page(url, '/admin/logout', plain.cookie, {});
    expect(out.location).toBe('/admin/login?notice=signed-out');
    expect((await page(url, '/admin', plain.cookie)).location).toMatch(/^\/admin\/login/);
  });

  it('opens the admin routes to a staff session by role, as to the token, and refuses other sites', async () => {
    const [{ cookie: o }, { cookie: m }, { cookie: e }] = await Promise.all([
      seedStaff(databaseUrl, uniqueEmail('owner'), 'owner'),
      seedStaff(databaseUrl, uniqueEmail('manager'), 'manager'),
      seedStaff(databaseUrl, uniqueEmail('editor'), 'editor'),
    ]);

    expect((await call(url, 'GET', '/api/admin/mail', undefined, token)).status).toBe(200);
    expect((await call(url, 'GET', '/api/admin/mail', undefined, { cookie: o })).status).toBe(200);
    expect((await call(url, 'GET', '/api/admin/mail', undefined, { cookie: m })).status).toBe(200);
    const refused = await call(url, 'GET', '/api/admin/mail', undefined, { cookie: e });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role (editor) cannot use /api/admin/mail', code: 'forbidden' });
    expect((await call(url, 'GET', '/api/admin/mail')).status).toBe(401);
    // A wrong token is a wrong token, whatever cookie comes with it.
    expect((await call(url, 'GET', '/api/admin/mail', undefined, { cookie: o, authorization: 'Bearer wrong' })).status).toBe(401);

    const c = await seedCustomer(databaseUrl);
    const order = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const ship = { carrier: 'UPS', tracking: '1Z999AA10123456784' };
    expect((await call(url, 'POST', `/api/admin/orders/${order.id}/ship`, ship, { cookie: e })).status).toBe(403);
    const foreign = await call(url, 'POST', `/api/admin/orders/${order.id}/ship`, ship, { cookie: m, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('foreign_origin');
    const shipped = await call(url, 'POST', `/api/admin/orders/${order.id}/ship`, ship, { cookie: m, origin: url });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.status).toBe('shipped');

    // The back-office pages follow the same rules: the editor's menu has no orders, and the page says 403.
    const editorHome = await page(url, '/admin', e);
    expect(editorHome.body).not.toContain('href="/admin/orders"');
    const editorOrders = await page(url, '/admin/orders', e);
    expect(editorOrders.status).toBe(403);
    expect(editorOrders.body).toContain('Your role (Editor) cannot use this page.');
    expect((await page(url, '/admin/staff', m)).status).toBe(403);
    expect((await page(url, '/admin', m)).body).not.toContain('href="/admin/staff"');
  });

  it('records every staff action, append-only, with who did it', async () => {
    const owner = await addStaff(databaseUrl, uniqueEmail('owner'), 'owner');
    const cookie = await signIn(url, owner.email, owner.password);
    const c = await seedCustomer(databaseUrl);
    const byStaff = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const byToken = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const ship = { carrier: 'DHL', tracking: '1234567890' };
    expect((await call(url, 'POST', `/api/admin/orders/${byStaff.id}/ship`, ship, { cookie })).status).toBe(200);
    expect((await call(url, 'POST', `/api/admin/orders/${byToken.id}/cancel`, undefined, token)).status).toBe(200);

    const db = await testDb(databaseUrl);
    const rows = await db
      .selectFrom('staff_activity')
      .selectAll()
      .where('subject_id', 'in', [byStaff.increment_id, byToken.increment_id, owner.email])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.actor, r.action, r.subject_id])).toEqual([
      ['cli', 'staff.add', owner.email],
      [owner.email, 'staff.sign_in', owner.email],
      [owner.email, 'order.ship', byStaff.increment_id],
      ['ADMIN_TOKEN', 'order.cancel', byToken.increment_id],
    ]);
    const shipRow = rows[2]!;
    expect(shipRow.summary).toBe(`Shipped order ${byStaff.increment_id} (DHL 1234567890)`);
    expect(JSON.parse(shipRow.after!)).toMatchObject({ status: 'shipped', carrier: 'DHL', tracking: '1234567890' });

    // Never editable: the database refuses to change or delete a row.
    await expect(db.updateTable('staff_activity').set({ actor: 'someone else' }).where('id', '=', shipRow.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('staff_activity').where('id', '=', shipRow.id).execute()).rejects.toThrow(/append-only/);
  });

  it('limits wrong passwords per account and address as for shoppers, and a disabled account cannot sign in', async () => {
    const manager = await addStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await postSignIn(url, { email: manager.email, password: `wrong-password-${i}` }, address);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('The e-mail address or password is incorrect.');
    }
    const locked = await postSignIn(url, { email: manager.email, password: manager.password }, address);
    expect(locked.status).toBe(429);
    expect(Number(locked.body.length)).toBeGreaterThan(0);
    // From another address the right password still gets in: no one can lock the account out.
    const cookie = await signIn(url, manager.email, manager.password, undefined, freshAddress());
    const db = await testDb(databaseUrl);
    const failures = await db
      .selectFrom('staff_activity')
      .select('summary')
      .where('actor', '=', manager.email)
      .where('action', '=', 'staff.sign_in_failed')
      .execute();
    expect(failures).toHaveLength(5);

    expect((await staffCli(databaseUrl, ['disable', manager.email])).status).toBe(0);
    expect((await page(url, '/admin', cookie)).location).toMatch(/^\/admin\/login\?notice=timed-out/);
    const disabled = await postSignIn(url, { email: manager.email, password: manager.password }, freshAddress());
    expect(disabled.status).toBe(401);
    expect(disabled.body).toContain('The e-mail address or password is incorrect.');
  });

  it('ends a session idle past the time-out', async () => {
    const editor = await seedStaff(databaseUrl, uniqueEmail('editor'), 'editor');
    const cookie = editor.cookie;
    expect((await page(url, '/admin', cookie)).status).toBe(200);
    const db = await testDb(databaseUrl);
    const staff = await db.selectFrom('staff_accounts').select('id').where('email', '=', editor.email).executeTakeFirstOrThrow();
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('staff_id', '=', staff.id)
      .execute();
    const timedOut = await page(url, '/admin', cookie);
    expect(timedOut.status).toBe(303);
    expect(timedOut.location).toBe('/admin/login?notice=timed-out&redirect=%2Fadmin');
    expect((await page(url, timedOut.location!)).body).toContain('You were signed out after a while without activity.');
  });

  it('signs in with two-factor only with the code (once each), or a recovery code once; an owner can require it for all', async () => {
    const owner = await seedStaff(databaseUrl, uniqueEmail('owner'), 'owner');
    let cookie = owner.cookie;
    expect((await page(url, '/admin/account', cookie, { _action: 'two-factor-start' })).location).toBe('/admin/account?setup=1');
    const setup = await page(url, '/admin/account?setup=1', cookie);
    expect(setup.body).toContain('src="data:image/png;base64,');
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(setup.body)![1]!;
    const wrong = await page(url, '/admin/account', cookie, {
      _action: 'two-factor-confirm',
      code: '000000' === (await totpCode(secret)) ? '111111' : '000000',
    });
    expect(wrong.body).toContain('That code is not right');
    const enrolCode = await totpCode(secret);
    const confirmed = await page(url, '/admin/account', cookie, { _action: 'two-factor-confirm', code: enrolCode });
    const codes = [...confirmed.body.matchAll(/<li>([a-z2-9]{4}-[a-z2-9]{4})<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);

    const address = freshAddress();
    const withoutCode = await postSignIn(url, { email: owner.email, password: owner.password }, address);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.cookie).toBeUndefined();
    expect(withoutCode.body).toContain('Enter the 6-digit code from your authenticator app');
    expect(withoutCode.body).toContain('name="code"');
    // The code confirmed at enrolment was used: the same step's code is refused (no replay).
    const replay = await postSignIn(url, { email: owner.email, password: owner.password, code: enrolCode }, address);
    expect(replay.status).toBe(401);
    expect(replay.body).toContain('That code is not right.');
    const recovery = await postSignIn(url, { email: owner.email, password: owner.password, code: codes[0]!.toUpperCase() }, address);
    expect(recovery.status).toBe(303);
    expect((await postSignIn(url, { email: owner.email, password: owner.password, code: codes[0]! }, address)).status).toBe(401);
    cookie = recovery.cookie!;

    // The owner requires two-factor: a manager without it can only set it up.
    const manager = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const required = await page(url, '/admin/staff', cookie, { _action: 'require-two-factor', required: '1' });
    expect(required.status).toBe(303);
    try {
      const m = manager.cookie;
      const sent = await page(url, '/admin/orders', m);
      expect(sent.location).toBe('/admin/account?notice=two-factor-required');
      expect((await call(url, 'GET', '/api/admin/mail', undefined, { cookie: m })).body.code).toBe('two_factor_required');
      expect((await page(url, '/admin/account', m)).status).toBe(200);
    } finally {
      await page(url, '/admin/staff', cookie, { _action: 'require-two-factor', required: '0' });
    }
  });
});
