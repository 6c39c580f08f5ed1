/**
 * `npm run bench:load`: autocannon against the production server on loopback, on SQLite and on
 * PostgreSQL (a fresh database on LOAD_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test), each seeded with the demo shop (SEED_DIAMONDS, default 20,000).
 * Per database: the mixed storefront workload (home, listings, details, diamond searches, cart reads,
 * add-to-cart) for LOAD_SECONDS (default 60) at LOAD_CONNECTIONS (default 50), then the diamond listing
 * alone and a static file alone for a quarter of that, as the baseline. Requests whose endpoint is not
 * there yet (or refuses the probe) are left out with a note. Every request asks for br/gzip like a browser.
 * The listing and the static file are measured with wrk when it is installed (WRK, else /usr/bin/wrk or
 * `wrk` on the PATH: one C process, so the client's own CPU does not cap the figure), else with
 * autocannon and a warning.
 * Targets: p95 < 100 ms, zero errors, diamond listing at least half the static file's rate.
 *
 * Then "fresh URLs", on SQLite (SEED_DIAMONDS stones): `npm start` (scripts/start.mjs) with
 * WEB_CONCURRENCY=1 and with 2, asked in turn for FRESH_ROUNDS rounds (default 3) of FRESH_SECONDS
 * (default 15) for listing URLs nobody asked before (random filter combinations from a seeded generator, tests/support/fresh-urls.ts, every
 * request a new URL) at FRESH_CONNECTIONS (default 20), by wrk with a Lua script that deals out a
 * pre-generated list (tests/bench/wrk-report.lua); req/s, p50/p95/p99, and the ratio of two workers
 * to one (medians of the rounds). Each server's cached listing and static file are measured with wrk too, and each worker's
 * resident memory (VmRSS) is read idle (index built) and after the load, with the index's bytes per
 * stone from /healthz. Targets: ≥ 150 req/s with 2 workers, ≥ 1.6 × one worker.
 * LOAD_ONLY=fresh runs only this part; LOAD_PORT picks the first port of the `npm start` servers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../../scripts/build-lib.mjs';
import { freshListingPaths } from '../support/fresh-urls.ts';
import { discoverPages } from '../support/pages.ts';
import { freePort, startServer, stopChild, type TestServer } from '../support/server.ts';

const SECONDS = Number(process.env.LOAD_SECONDS) || 60;
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS) || 50;
const DIAMONDS = Number(process.env.SEED_DIAMONDS) || 20_000;
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };
const FRESH_SECONDS = Number(process.env.FRESH_SECONDS) || 15;
const FRESH_CONNECTIONS = Number(process.env.FRESH_CONNECTIONS) || 20;
const ONLY_FRESH = process.env.LOAD_ONLY === 'fresh';
const root = path.resolve(import.meta.dirname, '../..');
const WRK = [process.env.WRK, '/usr/bin/wrk', ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'wrk'))].find((p) => p && fs.existsSync(p));
const WRK_SCRIPT = path.join(import.meta.dirname, 'wrk-report.lua');
const warnings = new Set<string>();
process.env.TEST_DATABASE_URL = process.env.LOAD_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Req {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** The first array of objects with numeric ids anywhere in a JSON answer (the catalogue's shape is its own). */
function findIds(value: unknown): number[] {
  if (Array.isArray(value)) {
    const ids = value
      .map((v) => (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' ? (v as { id: number }).id : undefined))
      .filter((n): n is number => n !== undefined);
    if (ids.length) return ids;
  }
  if (value && typeof value === 'object')
    for (const v of Object.values(value)) {
      const ids = findIds(v);
      if (ids.length) return ids;
    }
  return [];
}

async function workload(base: string, notes: string[]): Promise<{ mixed: Req[]; listing: Req; static: Req }> {
  const pages = await discoverPages(base, notes);
  const mixed: Req[] = pages.map((p) => ({ name: p.name, method: 'GET', path: p.path }));
  const searches = [
    'page_number=1&page_size=20',
    'page_number=3&page_size=20&sort_by=price&sort_direction=desc',
    'page_number=2&page_size=20&sort_by=carat&sort_direction=asc&diamond_filters=%7B%7D',
  ];
  for (const q of searches) mixed.push({ name: 'diamond search', method: 'GET', path: `/catalog/api/diamonds?${q}` });
  mixed.push({ name: 'cart read', method: 'GET', path: '/api/checkout/cart' });
  const found = await fetch(`${base}/catalog/api/diamonds?page_number=1&page_size=20`)
    .then((r) => (r.ok ? r.json() : undefined))
    .catch(() => undefined);
  const id = findIds(found)[0];
  if (id !== undefined) {
    const payload = {
      ids: [id],
      is_byo: false,
      quantity: 1,
      custom_size: null,
      selected_size: null,
      selected_configurable_option: null,
      selected_jewelry_shape: null,
    };
    mixed.push({ name: 'add to cart', method: 'POST', path: '/api/checkout/cart/add', body: JSON.stringify(payload) });
  } else notes.push('add to cart: no diamond id from /catalog/api/diamonds yet, left out');

  // Probe each request once: a path that is not there yet, or that refuses our guess, is left out.
  const kept: Req[] = [];
  for (const r of mixed) {
    const res = await fetch(base + r.path, {
      method: r.method,
      body: r.body,
      headers: { ...HEADERS, ...(r.body ? { 'content-type': 'application/json' } : {}) },
    });
    const text = await res.text();
    if (res.ok) kept.push(r);
    else notes.push(`${r.name} ${r.method} ${r.path}: answered ${res.status} to the probe (${text.slice(0, 80).replace(/\s+/g, ' ')}), left out`);
  }
  // The baseline: the listing page's own stylesheet, a hashed file served from memory. Of the static
  // files the page loads it is the nearest in size to the page (about 9 KB against 14 KB compressed):
  // autocannon, one Node process, is bound by the bytes it parses before the server is (on 2 cores a
  // 2 KB chunk runs at ~20,000 req/s and a 57 KB one at ~640), so unlike sizes would measure the client.
  const listingHtml = await (await fetch(base + '/diamonds')).text();
  const asset = /\/_astro\/[^"' ]+\.css/.exec(listingHtml)?.[0] ?? /\/_astro\/[^"' ]+\.js/.exec(listingHtml)?.[0] ?? '/favicon.svg';
  return { mixed: kept, listing: { name: 'diamond listing', method: 'GET', path: '/diamonds' }, static: { name: 'static file', method: 'GET', path: asset } };
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Mean bytes per answer as sent (compressed), headers included. */
  bytes: number;
}

/** Runs autocannon with these options and reads its figures, latency percentiles from every response. */
async function autocannonFigures(options: autocannon.Options): Promise<Figures> {
  const latencies: number[] = [];
  // Without a callback autocannon returns its running instance: an event emitter that is also a promise.
  const instance = autocannon(options) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

function hammer(base: string, requests: Req[], seconds: number): Promise<Figures> {
  return autocannonFigures({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: requests.map((r) => ({
      method: r.method,
      path: r.path,
      body: r.body,
      headers: r.body ? { ...HEADERS, 'content-type': 'application/json' } : HEADERS,
    })),
  });
}

/** wrk for `seconds` at `connections`: one path, or (pathsFile) every request a path of its own from the list. */
function wrk(base: string, target: { path: string } | { pathsFile: string }, seconds: number, connections: number): Figures & { wrapped: number } {
  const threads = Math.min(2, connections);
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', WRK_SCRIPT];
  for (const [name, value] of Object.entries(HEADERS)) args.push('-H', `${name}: ${value}`);
  args.push(base + ('path' in target ? target.path : '/'));
  const run = spawnSync(WRK!, args, {
    encoding: 'utf8',
    env: { ...process.env, WRK_PATHS: 'pathsFile' in target ? target.pathsFile : '', WRK_THREADS: String(threads) },
  });
  const line = /WRK_JSON (\{.*\})/.exec(run.stdout)?.[1];
  if (!line) throw new Error(`wrk gave no figures (status ${run.status}): ${(run.stderr || run.stdout).slice(0, 300)}`);
  const r = JSON.parse(line) as {
    requests: number;
    duration_us: number;
    bytes: number;
    errors: number;
    non2xx: number;
    p50: number;
    p95: number;
    p99: number;
    wrapped: number;
  };
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50: r.p50 / 1000,
    p95: r.p95 / 1000,
    p99: r.p99 / 1000,
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.requests,
    bytes: r.requests ? r.bytes / r.requests : 0,
    wrapped: r.wrapped,
  };
}

/** One request over and over with little client overhead: wrk, else autocannon (with a warning). */
async function lowOverhead(base: string, request: Req, seconds: number, connections = CONNECTIONS): Promise<Figures> {
  if (WRK) return wrk(base, { path: request.path }, seconds, connections);
  warnings.add(
    'wrk not found (install the Debian package `wrk` or set WRK): the listing and the static file were measured with autocannon, whose own CPU caps its figures',
  );
  return hammer(base, [request], seconds);
}

/** Every request a listing URL of its own: wrk dealing out the list, else autocannon in this process (with a warning). */
async function freshLoad(base: string, paths: string[], seconds: number): Promise<Figures & { wrapped: number }> {
  if (WRK) {
    const file = path.join(os.tmpdir(), `load-fresh-${process.pid}-${Date.now()}.txt`);
    fs.writeFileSync(file, paths.join('\n') + '\n');
    try {
      return wrk(base, { pathsFile: file }, seconds, FRESH_CONNECTIONS);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }
  warnings.add('wrk not found: the fresh-URL phase ran autocannon in this process, which understates the server (its own CPU competes with the workers)');
  let next = 0;
  const figures = await autocannonFigures({
    url: base,
    connections: FRESH_CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[next++ % paths.length] }) }],
  } as unknown as autocannon.Options);
  return { ...figures, wrapped: Math.floor(next / paths.length) };
}

const row = (label: string, f: Figures) =>
  `${label.padEnd(34)}${f.rps.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   errors ${f.errors}   non-2xx ${f.non2xx}   (${f.total} requests, ${(f.bytes / 1024).toFixed(1)} KB each)`;

await buildIfStale();
console.log(
  `Load: ${CONNECTIONS} connections, ${SECONDS} s mixed + ${Math.max(10, Math.round(SECONDS / 4))} s listing + same static, ${DIAMONDS} diamonds; ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const kind of ONLY_FRESH ? [] : (['sqlite', 'postgres'] as const)) {
  let server: TestServer | undefined;
  const notes: string[] = [];
  try {
    server = await startServer(kind, { diamonds: DIAMONDS, env: { LOGIN_IP_LIMIT: '1000000' } });
    const work = await workload(server.url, notes);
    console.log(
      `\n${kind} (${server.databaseUrl.replace(/\/\/[^@]*@/, '//')}): mixed workload of ${work.mixed.length} requests: ${[...new Set(work.mixed.map((r) => r.name))].join(', ')}`,
    );
    const mixed = await hammer(server.url, work.mixed, SECONDS);
    console.log(row('mixed storefront', mixed));
    const short = Math.max(10, Math.round(SECONDS / 4));
    const listing = await lowOverhead(server.url, work.listing, short);
    console.log(row(`diamond listing ${work.listing.path}`, listing));
    const file = await lowOverhead(server.url, work.static, short);
    console.log(row(`static file ${work.static.path.replace(/\.[\w-]+(\.\w+)$/, '$1')}`, file));
    const ratio = listing.rps / file.rps;
    const verdicts = [
      `p95 ${mixed.p95 < 100 ? 'meets' : 'misses'} < 100 ms`,
      `errors ${mixed.errors + listing.errors + file.errors === 0 ? 'none' : 'SOME'}`,
      `listing/static ${ratio.toFixed(2)} (${ratio >= 0.5 ? 'meets' : 'misses'} ≥ 0.5)`,
    ];
    console.log(`targets: ${verdicts.join('; ')}`);
  } catch (error) {
    notes.push(`${kind}: could not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  } finally {
    await server?.stop();
  }
  for (const note of notes) console.log(`note: ${note}`);
}
await freshUrls();
for (const warning of warnings) console.log(`WARNING: ${warning}`);
console.log(
  `\nload average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// ---- Fresh URLs: `npm start` with one worker, then two, on one SQLite shop ----

interface Shop {
  url: string;
  /** The processes that serve: the workers, or the one process with WEB_CONCURRENCY=1. */
  servers: number[];
  stop(): Promise<void>;
}

/** `npm start` (scripts/start.mjs) as an operator runs it, on `dir`'s SQLite file; resolves once it is open. */
async function startShop(dir: string, workers: number, port: number): Promise<Shop> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: path.join(dir, 'shop.db'),
    VAR_DIR: path.join(dir, 'var'),
    SEED_DIAMONDS: String(DIAMONDS),
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: String(workers),
    LOGIN_IP_LIMIT: '1000000',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 300_000;
  while (!/The shop is open/.test(log)) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`npm start did not open within 300 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const children = () => fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  let servers = [child.pid!];
  if (workers > 1) {
    try {
      servers = children();
    } catch {
      servers = [];
    }
  }
  return { url: `http://127.0.0.1:${port}`, servers, stop: () => stopChild(child) };
}

/** Resident memory of a process in MB (VmRSS), or NaN where /proc cannot tell. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** /healthz of every worker (new connections go to the workers in turn): until each has built its index. */
async function indexes(base: string, count: number): Promise<Map<number, { stones: number; bytes: number }>> {
  const seen = new Map<number, { stones: number; bytes: number }>();
  const deadline = Date.now() + 120_000;
  while (seen.size < count && Date.now() < deadline) {
    const body = (await fetch(`${base}/healthz`, { headers: { connection: 'close' } }).then((r) => r.json())) as {
      pid: number;
      index: { stones: number; bytes: number } | null;
    };
    if (body.index) seen.set(body.pid, body.index);
    else await fetch(`${base}/catalog/api/diamonds?page_size=1`, { headers: { connection: 'close' } });
  }
  return seen;
}

function loadavg() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * Both shops (one worker, two workers) are started and warmed first, then asked in turn, round after
 * round (1, 2, 1, 2, …: FRESH_ROUNDS, default 3), each round with URLs of its own: on a machine shared
 * with other work, a drift in its load then falls on both alike. The medians of the rounds are compared.
 */
async function freshUrls() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-fresh-'));
  const basePort = Number(process.env.LOAD_PORT) || 0;
  const rounds = Number(process.env.FRESH_ROUNDS) || 3;
  // Enough URLs per round that none is asked twice at 2,000 req/s; each round and the warm-up have their own seed.
  const perRound = Math.max(5_000, FRESH_SECONDS * 2_000);
  console.log(
    `\nfresh URLs: npm start on SQLite (${DIAMONDS} stones) with 1 and with 2 workers, ${rounds} rounds of ${FRESH_SECONDS} s each in turn, ${FRESH_CONNECTIONS} connections, every request a listing URL nobody asked before (${WRK ? `wrk ${WRK}` : 'autocannon: wrk not found'})`,
  );
  const shops: Record<number, Shop> = {};
  try {
    const idle: Record<number, number[]> = {};
    const index: Record<number, Map<number, { stones: number; bytes: number }>> = {};
    for (const workers of [1, 2]) {
      shops[workers] = await startShop(dir, workers, basePort ? basePort + workers : await freePort());
      index[workers] = await indexes(shops[workers].url, workers);
      // Warm-up: every worker compiles the listing's code paths before the clock starts.
      await freshLoad(shops[workers].url, freshListingPaths(400, 1000 + workers), 3);
      idle[workers] = shops[workers].servers.map(rssMb);
    }
    const results: Record<number, Figures[]> = { 1: [], 2: [] };
    for (let round = 0; round < rounds; round++) {
      for (const workers of [1, 2]) {
        const fresh = await freshLoad(shops[workers]!.url, freshListingPaths(perRound, 10 * round + workers), FRESH_SECONDS);
        results[workers]!.push(fresh);
        console.log(
          row(`  round ${round + 1}, ${workers} worker${workers > 1 ? 's' : ' '}`, fresh) +
            `   load average ${loadavg()}` +
            (fresh.wrapped ? `   WARNING: the URL list ran out ${fresh.wrapped}×, some answers were cached` : ''),
        );
      }
    }
    for (const workers of [1, 2]) {
      const shop = shops[workers]!;
      const r = results[workers]!;
      console.log(
        `${workers} worker${workers > 1 ? 's' : ''} (pids ${shop.servers.join(', ')}): fresh listing URLs, median of ${rounds} rounds: ${median(r.map((f) => f.rps)).toFixed(0)} req/s, p50 ${median(r.map((f) => f.p50)).toFixed(1)} ms, p95 ${median(r.map((f) => f.p95)).toFixed(1)} ms, p99 ${median(r.map((f) => f.p99)).toFixed(1)} ms, errors ${r.reduce((n, f) => n + f.errors + f.non2xx, 0)}`,
      );
      const listing = await lowOverhead(shop.url, { name: 'diamond listing', method: 'GET', path: '/diamonds' }, 10);
      console.log(row('  cached listing /diamonds', listing));
      const html = await (await fetch(shop.url + '/diamonds')).text();
      const css = /\/_astro\/[^"' ]+\.css/.exec(html)?.[0];
      if (css) {
        const file = await lowOverhead(shop.url, { name: 'static file', method: 'GET', path: css }, 10);
        console.log(row(`  static file ${css.replace(/\.[\w-]+(\.\w+)$/, '$1')}`, file) + `   listing/static ${(listing.rps / file.rps).toFixed(2)}`);
      }
      const after = shop.servers.map(rssMb);
      const idx = [...index[workers]!.values()];
      console.log(
        `  RSS per server process: idle ${idle[workers]!.map((m) => `${m.toFixed(0)} MB`).join(', ')}; after the load ${after.map((m) => `${m.toFixed(0)} MB`).join(', ')}; index ${idx.map((i) => `${(i.bytes / 1e6).toFixed(1)} MB for ${i.stones} stones (${(i.bytes / i.stones).toFixed(0)} bytes per stone, spare room included)`).join(', ')}; load average ${loadavg()}`,
      );
    }
    const one = median(results[1]!.map((f) => f.rps));
    const two = median(results[2]!.map((f) => f.rps));
    const ratios = results[1]!.map((f, i) => results[2]![i]!.rps / f.rps);
    console.log(
      `fresh URLs, 2 workers / 1: ${(two / one).toFixed(2)}× (per round ${ratios.map((r) => r.toFixed(2)).join(', ')}); targets: ${two >= 150 ? 'meets' : 'misses'} ≥ 150 req/s with 2 workers (${two.toFixed(0)}); ${two / one >= 1.6 ? 'meets' : 'misses'} ≥ 1.6× one worker${os.loadavg()[0]! > os.cpus().length ? ` (the machine's load average ${loadavg()} exceeds its ${os.cpus().length} CPUs: other work competed)` : ''}`,
    );
  } catch (error) {
    console.log(`note: fresh URLs could not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  } finally {
    for (const shop of Object.values(shops)) await shop.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
