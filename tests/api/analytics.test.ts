/** POST /api/analytics/collect on SQLite and PostgreSQL: stores page events, refuses bad ones, limits per client. */
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { callFrom } from '../support/accounts.ts';
import { rows } from '../support/rows.ts';
import { declaredAnswer } from '../support/endpoint-client.ts';
import { analyticsEndpoints } from '~/server/analytics/analytics.endpoints.ts';
import { fileNumber, freshAddress, uniqueName } from '../support/unique.ts';

const payload = JSON.stringify({ page: { path: '/diamonds', title: 'Diamonds' }, language: 'en-US', referrer: { source: 'direct' } });

describe.each(databases)('analytics on $kind', ({ url, databaseUrl }) => {
  // Events are counted per client address: this file's own, so no other file's events count here, and
  // user ids of its own (the fuzz suite posts hostile user_id values to the same server).
  let from = '';
  beforeAll(() => {
    from = freshAddress();
  });
  const collect = (body: unknown, address = from) => callFrom(address, url, 'POST', '/api/analytics/collect', body);

  it('stores a page event', async () => {
    const userId = uniqueName('customer');
    const res = declaredAnswer(analyticsEndpoints.collect, await collect({ payload, type: 'page', user_id: userId }));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    const stored = await rows(databaseUrl, (db) =>
      db.selectFrom('analytics_events').select(['type', 'user_id', 'payload']).where('user_id', '=', userId).execute(),
    );
    expect(stored).toEqual([{ type: 'page', user_id: userId, payload }]);
  });

  it('takes a numeric or missing user_id (a guest)', async () => {
    // A number no other file sends: past 2^40, with this file's number in it.
    const numeric = 2 ** 40 + fileNumber();
    expect((await collect({ payload, type: 'page', user_id: numeric })).status).toBe(202);
    expect((await collect({ payload, type: 'page', user_id: null })).status).toBe(202);
    expect((await collect({ payload, type: 'page' })).status).toBe(202);
    const stored = await rows(databaseUrl, (db) => db.selectFrom('analytics_events').select('user_id').where('user_id', '=', String(numeric)).execute());
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
    const res = await collect(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toHaveProperty(field);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await collect('payload=1');
    expect(res.status).toBe(400);
  });

  it('limits each client to 120 events a minute with a 429 and Retry-After', async () => {
    // An address of its own, whose allowance nothing else spends.
    const client = freshAddress();
    let status = 0;
    let answer: Awaited<ReturnType<typeof collect>> | undefined;
    for (let i = 0; i < 130 && status !== 429; i++) {
      answer = await collect({ payload, type: 'page' }, client);
      status = answer.status;
    }
    expect(status).toBe(429);
    expect(answer!.body.code).toBe('rate_limited');
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
