/**
 * A PostgreSQL stopped and started again under load. The database is a PGlite served over the
 * wire protocol (tests/support/pg-wire.ts), which stops as PostgreSQL does (every connection told
 * `57P01 terminating connection due to administrator command`, new ones refused) and starts again on its
 * port with its data, so the test runs on any machine. `npm start` serves with two workers; while the
 * database is down, shoppers and monitors keep getting answers:
 * - the workers stay up (no worker exits, the same pids before and after);
 * - /healthz answers 503 JSON `{"status":"unavailable","database":"postgres",…}` with Retry-After, then 200;
 * - the API answers 503 JSON with Retry-After, never a 500;
 * - a page the page cache holds is served stale, saying so (Cache-Status … fwd=stale);
 * - the log says it once per interval with a count, not once per request, and every line is JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { servePglite, type WireServer } from '../support/pg-wire.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET on a connection of its own (the cluster hands each new connection to the next worker). */
function get(port: number, pathname: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('a PostgreSQL outage under load, with two workers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outage-'));
  let shop: ChildProcess | undefined;
  let wire: WireServer | undefined;
  afterAll(async () => {
    shop?.kill('SIGKILL');
    await wire?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the workers up, answers 503 JSON and stale pages while down, and recovers', { timeout: 240_000 }, async () => {
    wire = await servePglite();
    const port = await freePort();
    let log = '';
    shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: wire.url,
        VAR_DIR: path.join(dir, 'var'),
        SEED_DIAMONDS: '100',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        LOG_REPEAT_SECONDS: '1',
        PG_CONNECT_TIMEOUT_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (d) => (log += d));
    shop.stderr!.on('data', (d) => (log += d));
    await expect.poll(() => log, { timeout: 120_000, interval: 100 }).toMatch(/The shop is open at http:\/\/localhost:\d+\/ \(2 workers\)/);

    // Both workers answer, and both hold the home page in their page cache.
    const pidsBefore = new Set<number>();
    for (let i = 0; i < 12; i++) pidsBefore.add(JSON.parse((await get(port, '/healthz')).body).pid);
    for (let i = 0; i < 12; i++) expect((await get(port, '/')).status).toBe(200);
    expect(pidsBefore.size).toBe(2);

    // Load: four shoppers asking without pause for pages, the catalogue API and health.
    const statuses = new Map<string, number>();
    let failures = 0;
    let downAnswers = 0;
    let stop = false;
    let n = 0;
    const shopper = async () => {
      while (!stop) {
        const paths = ['/', `/catalog/api/diamonds?page_size=${1 + (n++ % 60)}`, '/healthz'];
        for (const p of paths) {
          try {
            const res = await get(port, p);
            const key = `${p.replace(/\?.*/, '')} ${res.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (res.status === 503) downAnswers++;
          } catch {
            failures++;
          }
        }
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, shopper));
    await expect.poll(() => statuses.get('/healthz 200') ?? 0, { timeout: 30_000 }).toBeGreaterThan(4);

    await wire.stop();
    const linesBefore = log.split('\n').length;

    // /healthz: 503 JSON, naming the database, with Retry-After.
    let health: Got | undefined;
    await expect.poll(async () => (health = await get(port, '/healthz')).status, { timeout: 30_000, interval: 100 }).toBe(503);
    expect(health!.headers['content-type'], health!.body).toMatch(/application\/json/);
    expect(health!.headers['retry-after']).toBe('5');
    expect(JSON.parse(health!.body)).toMatchObject({ status: 'unavailable', database: 'postgres' });

    // The API: 503 JSON with Retry-After (a query no cache holds).
    const api = await get(port, '/catalog/api/diamonds?page_size=97');
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(JSON.parse(api.body)).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/briefly unavailable/) });

    // A cached page: served stale by either worker, saying so.
    for (let i = 0; i < 4; i++) {
      const page = await get(port, '/');
      expect(page.status).toBe(200);
      expect(page.headers['cache-status']).toMatch(/fwd=stale/);
      expect(page.body).toContain('</html>');
    }

    // The outage lasts while the shoppers meet it a few hundred times, and the log has summed up repeats.
    await expect.poll(() => downAnswers, { timeout: 60_000, interval: 100 }).toBeGreaterThan(200);
    await expect
      .poll(
        () =>
          log
            .split('\n')
            .slice(linesBefore)
            .some((l) => l.includes('"repeated"')),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const outageLines = log.split('\n').slice(linesBefore);
    await wire.start();

    // Both workers healthy again, the same two processes.
    const pidsAfter = new Set<number>();
    await expect
      .poll(
        async () => {
          const res = await get(port, '/healthz');
          if (res.status === 200) pidsAfter.add(JSON.parse(res.body).pid);
          return pidsAfter.size;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(2);
    expect(
      pidsAfter,
      log
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('{'))
        .join('\n'),
    ).toEqual(pidsBefore);
    expect((await get(port, '/catalog/api/diamonds?page_size=98')).status).toBe(200);
    stop = true;
    await load;

    expect(failures).toBe(0);
    expect([...statuses.keys()].filter((k) => / 5\d\d$/.test(k) && !/ 503$/.test(k))).toEqual([]);
    expect(log).not.toMatch(/exited|starting another/);
    // Once per interval with a count: a few lines for hundreds of failed requests.
    const outageLog = outageLines.filter((l) => l.includes('Database unavailable'));
    console.info(
      `outage: ${downAnswers} answers 503 or stale, ${outageLog.length} log lines about it; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(outageLog.length).toBeGreaterThan(0);
    expect(outageLog.length).toBeLessThan(downAnswers / 4);
    expect(outageLog.some((l) => JSON.parse(l).repeated > 0)).toBe(true);
    // Every line the workers wrote is a JSON object.
    for (const line of outageLines.filter((l) => l.trim())) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
