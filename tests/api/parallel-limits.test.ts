/**
 * Limits that hold under parallel requests: each hit is counted before it is decided, under a
 * lock every app server shares, so requests sent all at once never pass a limit: wrong passwords,
 * sign-ups, forgot-password requests, wrong admin tokens, and appointment bookings across two servers.
 * And lockouts an attacker cannot turn on the victim: wrong passwords lock the account only from the
 * address that sent them, and the right admin token is never refused because of wrong ones.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, testDb, uniqueEmail } from '../support/accounts.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { booking, openDay, slotStarts } from '../support/appointments.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';

afterAll(closeTestDbs);
// Every wrong password costs a deliberate ~0.5 s of scrypt, far more when every suite runs at once.
vi.setConfig({ testTimeout: 120_000 });

const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe.each(databases)('parallel limits on $kind', ({ url, databaseUrl }) => {
  it('answers 40 parallel wrong passwords from one address with 5 × 401 and 35 × 429; the owner elsewhere still signs in', async () => {
    const c = await seedCustomer(databaseUrl);
    const attacker = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => callFrom(attacker, url, 'POST', '/api/customer/login', { email: c.email, password: 'wrong password' })),
    );
    expect(count(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 35 });
    for (const limited of answers.filter((a) => a.status === 429)) expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lock holds for the attacker's address, even with the right password …
    expect((await callFrom(attacker, url, 'POST', '/api/customer/login', { email: c.email, password: c.password })).status).toBe(429);
    // … and never reaches the owner signing in from another address.
    const owner = await callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: c.password });
    expect(owner.status).toBe(200);
    expect(owner.body.data.email).toBe(c.email);
  });

  it('slows, never locks, an account guessed from many addresses: the owner still signs in, after the wait', async () => {
    const c = await seedCustomer(databaseUrl);
    // 12 failures from 12 addresses: none of them reaches a per-address limit.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: 'wrong password' })),
    );
    expect(guesses.map((g) => g.status)).toEqual(Array(12).fill(401));
    const started = performance.now();
    const owner = await callFrom(freshAddress(), url, 'POST', '/api/customer/login', { email: c.email, password: c.password });
    expect(owner.status).toBe(200);
    // From the 10th failure on, 250 ms per failure: 12 failures wait at least 750 ms before the check.
    expect(performance.now() - started).toBeGreaterThanOrEqual(750);
  });

  it('lets 10 of 15 parallel sign-ups from one address through (REGISTER_IP_LIMIT 10), and 3 of 6 for one e-mail address', async () => {
    const from = freshAddress();
    const form = (email: string) => ({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'a long password',
      password_confirmation: 'a long password',
    });
    const many = await Promise.all(Array.from({ length: 15 }, (_, i) => callFrom(from, url, 'POST', '/api/customer/register', form(uniqueEmail(`burst${i}`)))));
    expect(count(many.map((a) => a.status))).toEqual({ 200: 10, 429: 5 });
    const email = uniqueEmail('one');
    const same = await Promise.all(Array.from({ length: 6 }, () => callFrom(freshAddress(), url, 'POST', '/api/customer/register', form(email))));
    expect(count(same.map((a) => a.status))).toEqual({ 200: 3, 429: 3 });
  });

  it('lets 5 of 12 parallel forgot-password requests for one address through', async () => {
    const c = await seedCustomer(databaseUrl);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => callFrom(freshAddress(), url, 'POST', '/api/customer/forgot-password', { email: c.email })),
    );
    expect(count(answers.map((a) => a.status))).toEqual({ 200: 5, 429: 7 });
  });

  it('counts 14 parallel wrong admin tokens to 10 × 401 and 4 × 429, and never refuses the right token', async () => {
    const from = freshAddress();
    const cancel = (token: string, address = from) =>
      callFrom(address, url, 'POST', '/api/admin/orders/AU999999999/cancel', undefined, { authorization: `Bearer ${token}` });
    const wrong = await Promise.all(Array.from({ length: 14 }, (_, i) => cancel(`wrong-token-${i}`)));
    expect(count(wrong.map((a) => a.status))).toEqual({ 401: 10, 429: 4 });
    // The right token passes the check (and the order is simply unknown), from that address and any other.
    expect((await cancel(ADMIN_TOKEN)).status).toBe(404);
    expect((await cancel(ADMIN_TOKEN, freshAddress())).status).toBe(404);
    expect((await cancel('still-wrong')).status).toBe(429);
  });

  it('keeps the count in the database: one row per counted hit, none for a refused one', async () => {
    const c = await seedCustomer(databaseUrl);
    const from = freshAddress();
    await Promise.all(Array.from({ length: 9 }, () => callFrom(from, url, 'POST', '/api/customer/login', { email: c.email, password: 'wrong password' })));
    const db = await testDb(databaseUrl);
    const rows = await db
      .selectFrom('rate_limit_hits')
      .select('id')
      .where('bucket', '=', 'login:account-address')
      .where('key', '=', `${c.email}|${from}`)
      .execute();
    expect(rows).toHaveLength(5);
  });
});

describe.each(DB_KINDS.map((kind) => ({ kind })))('appointment bookings across two app servers on one $kind database', ({ kind }) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer(kind, { diamonds: 50 });
    b = await startServer(kind, { sharing: a });
  }, 180_000);
  afterAll(async () => {
    await closeTestDbs();
    await b?.stop();
    await a?.stop();
  });

  it('books at most 10 of 17 parallel requests from one address an hour, split over both servers', async () => {
    const from = freshAddress();
    // Slots of their own, a few days ahead: every request would find a free seat.
    const starts = [openDay(4), openDay(5), openDay(6)].flatMap(slotStarts).slice(0, 17);
    expect(starts).toHaveLength(17);
    const answers = await Promise.all(
      starts.map((start, i) => callFrom(from, i % 2 ? b.url : a.url, 'POST', '/api/appointments', booking(start, uniqueEmail('hourly')))),
    );
    expect(count(answers.map((r) => r.status))).toEqual({ 201: 10, 429: 7 });
    const db = await testDb(a.databaseUrl);
    const booked = await db.selectFrom('appointments').select('id').where('status', '=', 'booked').execute();
    expect(booked).toHaveLength(10);
  });
});
