/**
 * Analytics events an anonymous client can store are bounded: ANALYTICS_DAILY_LIMIT a day per client
 * address (default 1,000; 5 on this file's servers, so that a test reaches it; on top of 120 a minute,
 * analytics.test.ts), and every event is deleted after ANALYTICS_RETENTION_DAYS (default 90)
 * by the app server, when it starts and every hour. On SQLite and PostgreSQL, on servers of this file's
 * own (pruning runs when a server starts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { callFrom } from '../support/accounts.ts';
import { rows } from '../support/rows.ts';
import { writeDb } from '../support/shopper.ts';
import { freshAddress, uniqueName } from '../support/unique.ts';

const DAY = 24 * 3600_000;
const payload = JSON.stringify({ page: { path: '/rings', title: 'Rings' } });

describe.each(DB_KINDS)('analytics limits and retention on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: 50, env: { ANALYTICS_DAILY_LIMIT: '5' } });
  });
  afterAll(() => server?.stop());

  it('takes ANALYTICS_DAILY_LIMIT events a day from one address, then answers 429 with Retry-After', async () => {
    const from = freshAddress();
    const collect = () => callFrom(from, server.url, 'POST', '/api/analytics/collect', { payload, type: 'page', user_id: null });
    for (let i = 0; i < 5; i++) expect((await collect()).status).toBe(202);
    const refused = await collect();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    // The first of today's events leaves the day's window in about 24 hours.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Another address is not affected.
    expect((await callFrom(freshAddress(), server.url, 'POST', '/api/analytics/collect', { payload, type: 'page' })).status).toBe(202);
  });

  it('deletes events older than 90 days when the server starts, and keeps younger ones', async () => {
    const old = uniqueName('old-visitor');
    const young = uniqueName('young-visitor');
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
    await writeDb(server.databaseUrl, (db) =>
      db
        .insertInto('analytics_events')
        .values([
          { type: 'page', user_id: old, payload, created_at: at(120) },
          { type: 'page', user_id: old, payload, created_at: at(91) },
          { type: 'page', user_id: young, payload, created_at: at(89) },
        ])
        .execute(),
    );
    await server.restart();
    const count = (user: string) =>
      rows(server.databaseUrl, (db) => db.selectFrom('analytics_events').select('id').where('user_id', '=', user).execute()).then((r) => r.length);
    const deadline = Date.now() + 20_000;
    while ((await count(old)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await count(old)).toBe(0);
    expect(await count(young)).toBe(1);
  }, 60_000);
});
