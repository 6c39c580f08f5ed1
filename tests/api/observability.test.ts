/**
 * Logs and metrics an operator can use, on `npm start` with two workers, on both databases:
 * - GET /metrics answers only `Authorization: Bearer $METRICS_TOKEN` (401 otherwise; 404 with it unset),
 *   in Prometheus' text format as a parser nobody here wrote reads it (parse-prometheus-text-format), with
 *   every worker's requests counted (the cluster's aggregation), and its counters move with requests;
 * - each request is one JSON log line with its method, route, status, duration, bytes and request id (the
 *   client's X-Request-Id, returned in the answer), shoppers' e-mail addresses masked, 404s at debug level.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { uniqueName } from '../support/unique.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'metrics-token-for-tests-0123456789';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

const family = (families: Family[], name: string) => families.find((f) => f.name === name);
/** A counter's series with these labels, summed. */
function counter(families: Family[], name: string, labels: Record<string, string>): number {
  return (family(families, name)?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value), 0);
}
/** The count of a histogram without labels (the parser flattens a labelled histogram's series into one). */
const histogramCount = (families: Family[], name: string) => Number(family(families, name)?.metrics[0]?.count ?? 0);

describe.each(DB_KINDS.map((kind) => ({ kind })))('logs and metrics of two workers on $kind', ({ kind }) => {
  let database: TestDatabase;
  let shop: ChildProcess | undefined;
  let port: number;
  let log = '';
  const scrape = async () => {
    const res = await get(port, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusTextFormat(res.body);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    port = await freePort();
    shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        VAR_DIR: path.join(database.dir, 'var'),
        SEED_DIAMONDS: '100',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: TOKEN,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (d) => (log += d));
    shop.stderr!.on('data', (d) => (log += d));
    const deadline = Date.now() + 120_000;
    while (!/The shop is open at http:\/\/localhost:\d+\/ \(2 workers\)/.test(log)) {
      if (Date.now() > deadline || shop.exitCode !== null) throw new Error(`the shop did not open:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once('exit', resolve));
      shop.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  });

  it('answers /metrics only with the token, and 404 where METRICS_TOKEN is unset', async () => {
    expect((await get(port, '/metrics')).status).toBe(401);
    const wrong = await get(port, '/metrics', { authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toMatchObject({ code: 'unauthorized' });
    // The shared test servers run without METRICS_TOKEN.
    const shared = inject('servers')[kind]!.url;
    const res = await fetch(`${shared}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it('counts the requests of both workers, and its counters move with requests', { timeout: 60_000 }, async () => {
    const before = await scrape();
    const healthBefore = counter(before, 'http_requests_total', { route: '/healthz', status: '200', method: 'GET' });
    const bytesBefore = counter(before, 'http_response_bytes_total', { route: '/healthz' });
    const searchesBefore = histogramCount(before, 'aurelle_diamond_search_duration_seconds');
    // 20 requests on fresh connections: the cluster hands them to both workers in turn.
    const pids = new Set<number>();
    for (let i = 0; i < 20; i++) pids.add(JSON.parse((await get(port, '/healthz')).body).pid);
    expect(pids.size).toBe(2);
    for (let i = 0; i < 4; i++) expect((await get(port, `/catalog/api/diamonds?page_size=${10 + i}`)).status).toBe(200);

    const after = await scrape();
    // Both workers' requests: one worker alone saw about half of them.
    expect(counter(after, 'http_requests_total', { route: '/healthz', status: '200', method: 'GET' }) - healthBefore).toBe(20);
    expect(counter(after, 'http_response_bytes_total', { route: '/healthz' }) - bytesBefore).toBeGreaterThan(20 * 50);
    expect(histogramCount(after, 'aurelle_diamond_search_duration_seconds') - searchesBefore).toBe(4);
    expect(counter(after, 'http_requests_total', { route: '/catalog/api/diamonds' })).toBeGreaterThanOrEqual(4);
    expect(family(after, 'http_request_duration_seconds')?.type).toBe('HISTOGRAM');

    // Per worker: the index's stones and generation, the change log's lag.
    for (const name of ['aurelle_diamond_index_stones', 'aurelle_diamond_index_generation', 'aurelle_change_log_lag_seconds']) {
      const workers = new Set(family(after, name)?.metrics.map((m) => m.labels?.worker));
      expect(workers, name).toEqual(new Set([...pids].map(String)));
    }
    expect(family(after, 'aurelle_diamond_index_stones')!.metrics.every((m) => Number(m.value) > 0)).toBe(true);
    // Read from the database once, not once per worker.
    expect(family(after, 'aurelle_database_up')!.metrics[0]!.value).toBe('1');
    expect(
      family(after, 'aurelle_mail_outbox')!
        .metrics.map((m) => m.labels?.status)
        .sort(),
    ).toEqual(['failed', 'pending']);
    for (const name of [
      'aurelle_orders',
      'aurelle_import_runs_total',
      'aurelle_import_rows_total',
      'aurelle_mail_sent_total',
      'aurelle_mail_send_failures_total',
      'nodejs_eventloop_lag_seconds',
      'http_response_bytes_total',
    ]) {
      expect(family(after, name), name).toBeDefined();
    }
    if (kind === 'postgres')
      expect(family(after, 'aurelle_db_pool_connections')!.metrics.some((m) => m.labels?.state === 'open' && Number(m.value) > 0)).toBe(true);
  });

  it('logs each request as one JSON line with its request id, masks e-mail addresses, and keeps 404s at debug', { timeout: 30_000 }, async () => {
    const id = uniqueName('req');
    const res = await get(port, '/healthz', { 'x-request-id': id });
    expect(res.headers['x-request-id']).toBe(id);
    const made = (await get(port, '/healthz')).headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);

    const secret = `${uniqueName('jane')}@example.com`;
    const masked = uniqueName('masked');
    await get(port, `/catalog/api/diamonds?page_size=5&email=${encodeURIComponent(secret)}&token=abcdef`, { 'x-request-id': masked });
    const missing = uniqueName('missing');
    expect((await get(port, `/no-such-page-${missing}`, { 'x-request-id': missing })).status).toBe(404);

    const line = () => log.split('\n').find((l) => l.includes(`"reqId":"${id}"`) && l.includes('"msg":"request"'));
    await expect.poll(line, { timeout: 10_000 }).toBeDefined();
    expect(JSON.parse(line()!)).toMatchObject({
      level: 'info',
      reqId: id,
      method: 'GET',
      route: '/healthz',
      path: '/healthz',
      status: 200,
      bytes: expect.any(Number),
      ms: expect.any(Number),
    });
    const maskedLine = () => log.split('\n').find((l) => l.includes(`"reqId":"${masked}"`) && l.includes('"msg":"request"'));
    await expect.poll(maskedLine, { timeout: 10_000 }).toBeDefined();
    expect(JSON.parse(maskedLine()!).path).toBe('/catalog/api/diamonds?page_size=5&email=***&token=***');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(missing);
    // Every line the workers write is JSON.
    const workerLines = log.split('\n').filter((l) => l.startsWith('{'));
    expect(workerLines.length).toBeGreaterThan(20);
    for (const l of workerLines) expect(() => JSON.parse(l), l).not.toThrow();
  });
});
