/**
 * Behind a proxy (TRUST_PROXY): with it, rate limits count the client address the proxy wrote into
 * X-Forwarded-For and cookies are Secure when X-Forwarded-Proto says https; without it, both headers are
 * ignored, so a client cannot dodge a limit or pose as HTTPS by writing them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, uniqueEmail } from '../support/accounts.ts';
import { startServer, type TestServer } from '../support/server.ts';

const LIMIT = 10; // LOGIN_IP_LIMIT of the shared API servers (tests/api/global-setup.ts), which trust one proxy
const wrongLogin = () => ({ email: uniqueEmail('proxy'), password: 'guess1234' });

afterAll(closeTestDbs);

describe.each(databases)('behind one trusted proxy (TRUST_PROXY=1) on $kind', ({ url, databaseUrl }) => {
  it('counts failed logins under the address in X-Forwarded-For, the last one the proxy added', async () => {
    const socket = freshAddress();
    const client = freshAddress();
    // What a client wrote before the proxy appended the address it saw: never the key.
    const spoof = (forged: string) => ({ 'x-forwarded-for': `${forged}, ${client}` });
    for (let i = 0; i < LIMIT; i++) expect((await callFrom(socket, url, 'POST', '/api/customer/login', wrongLogin(), spoof(freshAddress()))).status).toBe(401);
    expect((await callFrom(socket, url, 'POST', '/api/customer/login', wrongLogin(), spoof(freshAddress()))).status).toBe(429);
    // Another client behind the same proxy (same socket address) is not blocked.
    expect((await callFrom(socket, url, 'POST', '/api/customer/login', wrongLogin(), { 'x-forwarded-for': freshAddress() })).status).toBe(401);
  });

  it('marks the session cookie Secure when X-Forwarded-Proto says https, and only then', async () => {
    const c = await seedCustomer(databaseUrl);
    const https = await call(url, 'POST', '/api/customer/login', { email: c.email, password: c.password }, { 'x-forwarded-proto': 'https' });
    expect(https.headers.getSetCookie().join('\n')).toMatch(/;\s*Secure/i);
    const plain = await call(url, 'POST', '/api/customer/login', { email: c.email, password: c.password });
    expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/;\s*Secure/i);
  });
});

describe('without TRUST_PROXY', () => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer('sqlite', { diamonds: 50, env: { LOGIN_IP_LIMIT: '3' } });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('ignores X-Forwarded-For: a client that writes a new one each time is still limited by its own address', async () => {
    const socket = freshAddress();
    for (let i = 0; i < 3; i++)
      expect((await callFrom(socket, server!.url, 'POST', '/api/customer/login', wrongLogin(), { 'x-forwarded-for': freshAddress() })).status).toBe(401);
    const blocked = await callFrom(socket, server!.url, 'POST', '/api/customer/login', wrongLogin(), { 'x-forwarded-for': freshAddress() });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('ignores X-Forwarded-Proto: no Secure cookie and no Strict-Transport-Security over plain HTTP', async () => {
    const c = await seedCustomer(server!.databaseUrl);
    const res = await call(server!.url, 'POST', '/api/customer/login', { email: c.email, password: c.password }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/;\s*Secure/i);
    const home = await fetch(`${server!.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(home.headers.get('strict-transport-security')).toBeNull();
  });
});
