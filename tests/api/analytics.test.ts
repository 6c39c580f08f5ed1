/** POST /api/analytics/collect on SQLite and PostgreSQL: stores page events, refuses bad ones, limits per client. */
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { rows } from '../support/rows.ts';

const payload = JSON.stringify({ page: { path: '/diamonds', title: 'Diamonds' }, language: 'en-US', referrer: { source: 'direct' } });

describe.each(databases)('analytics on $kind', ({ url, databaseUrl }) => {
  it('stores a page event', async () => {
    const res = await call(url, 'POST', '/api/analytics/collect', { payload, type: 'page', user_id: 'customer-7' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    const stored = await rows(databaseUrl, (db) => db.selectFrom('analytics_events').select(['type', 'user_id', 'payload']).where('user_id', '=', 'customer-7').execute());
    expect(stored).toEqual([{ type: 'page', user_id: 'customer-7', payload }]);
  });

  it('takes a numeric or missing user_id (a guest)', async () => {
    expect((await call(url, 'POST', '/api/analytics/collect', { payload, type: 'page', user_id: 42 })).status).toBe(202);
    expect((await call(url, 'POST', '/api/analytics/collect', { payload, type: 'page', user_id: null })).status).toBe(202);
    expect((await call(url, 'POST', '/api/analytics/collect', { payload, type: 'page' })).status).toBe(202);
    const stored = await rows(databaseUrl, (db) => db.selectFrom('analytics_events').select('user_id').where('user_id', '=', '42').execute());
    expect(stored).toHaveLength(1);
  });

  it.each([
    ['a payload that is an object, not a string', { payload: { page: '/' }, type: 'page' }, 'payload'],
    ['a payload that is not JSON', { payload: 'page=/', type: 'page' }, 'payload'],
    ['a payload that is a JSON array', { payload: '[1,2]', type: 'page' }, 'payload'],
    ['no payload', { type: 'page' }, 'payload'],
    ['a type other than page', { payload, type: 'click' }, 'type'],
    ['a user_id object', { payload, type: 'page', user_id: { id: 1 } }, 'user_id'],
    ['a payload over 16 KB', { payload: JSON.stringify({ x: 'x'.repeat(17_000) }), type: 'page' }, 'payload'],
  ])('refuses %s with a 400 naming the field', async (_, body, field) => {
    const res = await call(url, 'POST', '/api/analytics/collect', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toHaveProperty(field);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await call(url, 'POST', '/api/analytics/collect', 'payload=1');
    expect(res.status).toBe(400);
  });

  // Last in the file: it spends this client's allowance.
  it('limits each client to 120 events a minute with a 429 and Retry-After', async () => {
    let status = 0;
    let answer: Awaited<ReturnType<typeof call<any>>> | undefined;
    for (let i = 0; i < 130 && status !== 429; i++) {
      answer = await call(url, 'POST', '/api/analytics/collect', { payload, type: 'page' });
      status = answer.status;
    }
    expect(status).toBe(429);
    expect(answer!.body.code).toBe('rate_limited');
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
