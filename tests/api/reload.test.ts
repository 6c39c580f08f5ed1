/**
 * Deploys that never drop a request: with 200 requests in flight all the time, `npm run build`
 * makes a new release under the running shop and SIGHUP to the primary replaces its workers one at a time
 * on it; every answer is a 2xx. On SQLite and PostgreSQL (the new workers migrate and rebuild their index).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { runNode } from '../support/server.ts';
import { alive, startShop, type ShopProcess } from '../support/shop-process.ts';
import { band } from '../support/checkout.ts';
import { sizeOf } from '../support/catalog-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const IN_FLIGHT = 200;

interface Tally {
  answers: Map<number, number>;
  errors: string[];
  /** What the test is doing (errors name it). */
  phase: string;
}

/**
 * IN_FLIGHT loops, each sending its next request as soon as the last is answered, until stopped. Each
 * request on a connection of its own, as a balancer opening connections to the shop would: whatever
 * worker is draining, a new connection goes to one that listens. (Keep-alive clients across a drain:
 * tests/api/shutdown.test.ts.)
 */
function load(shop: ShopProcess) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: IN_FLIGHT });
  const tally: Tally = { answers: new Map(), errors: [], phase: 'before' };
  let stopped = false;
  const add = JSON.stringify({ ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, ...sizeOf(band.id) });
  // The pages and the call a build used to break (their chunks gone from under the server), among
  // cheaper answers, so that the 200 loops go round often on a small machine.
  const requests = [
    { method: 'GET', path: '/cart' },
    { method: 'GET', path: '/healthz' },
    { method: 'GET', path: '/api/checkout/cart' },
    { method: 'GET', path: '/book-appointment' },
    { method: 'GET', path: '/healthz' },
    { method: 'POST', path: '/api/checkout/cart/add', body: add },
  ];
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const r = requests[n % requests.length]!;
      const fail = (why: string) => {
        tally.errors.push(`${tally.phase}: ${r.method} ${r.path}: ${why}`);
        resolve();
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: shop.port,
          path: r.path,
          method: r.method,
          agent,
          timeout: 300_000,
          headers: r.body ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          res.resume();
          res.on('error', (error: NodeJS.ErrnoException) => fail(`answer cut: ${error.code ?? error.message}`));
          res.on('end', () => {
            tally.answers.set(res.statusCode!, (tally.answers.get(res.statusCode!) ?? 0) + 1);
            if (res.statusCode! >= 300) tally.errors.push(`${tally.phase}: ${r.method} ${r.path}: ${res.statusCode}`);
            resolve();
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
      // A connection stranded somewhere is an error too, not a loop that never comes back.
      req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in 300 s'), { code: 'TIMEOUT' })));
      req.end(r.body);
    });
  const loops = Array.from({ length: IN_FLIGHT }, async (_, i) => {
    for (let n = i; !stopped; n += IN_FLIGHT) await one(n);
  });
  const total = () => [...tally.answers.values()].reduce((a, b) => a + b, 0);
  return {
    tally,
    total,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return tally;
    },
  };
}

describe.each(DB_KINDS)('a build and a reload under load on %s', (kind) => {
  let database: TestDatabase;
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    shop?.child.kill('SIGKILL');
    await database?.drop();
  });

  it(`answers all of ${IN_FLIGHT} requests in flight with 2xx while npm run build and SIGHUP replace the workers`, { timeout: 1_200_000 }, async () => {
    database = await createTestDatabase(kind);
    const port = await freePort();
    // RELOAD_CHECK=0: the reload's build step would find nothing stale anyway (the build below made it).
    shop = await startShop({ port, varDir: path.join(database.dir, 'var'), env: { DATABASE_URL: database.url, WEB_CONCURRENCY: '2', RELOAD_CHECK: '0' } });
    const before = shop.state();
    expect(before.workers).toHaveLength(2);

    const traffic = load(shop);
    await expect.poll(() => traffic.total(), { timeout: 60_000, interval: 100 }).toBeGreaterThan(IN_FLIGHT);

    // A new release under the running workers: they keep answering from theirs.
    traffic.tally.phase = 'build';
    const t0 = Date.now();
    const built = await runNode([path.join(root, 'scripts/build.mjs')], process.env);
    console.log(`${kind}: built in ${Date.now() - t0} ms, ${traffic.total()} answers so far`);
    expect(built.status, built.output).toBe(0);
    const release = path.basename(fs.realpathSync(path.join(root, 'dist')));
    expect(release).not.toBe(before.release);
    const duringBuild = traffic.total();

    traffic.tally.phase = 'reload';
    process.kill(before.pid, 'SIGHUP');
    await expect.poll(() => shop!.log(), { timeout: 300_000, interval: 200 }).toMatch(/Reloaded: |Reload stopped/);
    expect(shop.log()).toMatch(new RegExp(`Reloaded: 2 workers replaced one at a time, now on release ${release}`));
    expect(shop.state().reload).toMatchObject({ seq: 1, ok: true });
    console.log(`${kind}: reloaded, ${traffic.total()} answers so far`);
    traffic.tally.phase = 'after';
    const after = shop.state();
    expect(after.release).toBe(release);
    expect(after.workers).toHaveLength(2);
    for (const pid of before.workers) {
      expect(after.workers).not.toContain(pid);
      expect(alive(pid)).toBe(false);
    }
    // Traffic goes on to the new workers for a moment.
    const atReload = traffic.total();
    await expect.poll(() => traffic.total(), { timeout: 60_000, interval: 100 }).toBeGreaterThan(atReload + IN_FLIGHT);
    const tally = await traffic.stop();
    expect(shop.log()).not.toContain('unfinished');
    expect(tally.errors, shop.log().slice(-3000)).toEqual([]);
    expect(duringBuild).toBeGreaterThan(IN_FLIGHT);
    expect([...tally.answers.keys()]).toEqual([200]);
  });
});
