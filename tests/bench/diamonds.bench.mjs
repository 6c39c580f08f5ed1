// Diamond search benchmark: `npm run bench:diamonds [-- STONES]` (prints figures; budgets are reported,
// not asserted).
//
// For each database (SQLite, then PostgreSQL) it seeds N diamonds once (reused by later runs), starts the
// production server, waits for the search index, then runs through HTTP:
//   - S realistic searches (random mixes of filters, sorts and pages, deep pages included), with the
//     total, the facets and both histograms that every answer carries;
//   - the same number of primary-key lookups (GET {api}/api/diamonds/{id}) as the baseline;
//   - page 1 against page 1000 of the same search.
// each at concurrency 1 (latency) and at concurrency C (throughput), and the index's bytes per stone
// (/healthz).
//
// Two trees in one run (BENCH_TREES=/path/before,/path/after; each built if stale): one server per tree
// on the same database, every request sent to each in turn (the order alternating), so that a busy
// machine slows them alike; each tree's figures are printed, then the later trees' against the first.
//
// The stone count: the first argument, else BENCH_DIAMONDS (1000000).
// Environment: BENCH_SEARCHES (600), BENCH_CONCURRENCY (4), BENCH_DATABASES (sqlite,postgres),
// BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/test), BENCH_FRESH=1 to seed again, BENCH_TREES.
import { ensureModernNode } from '../../scripts/node.mjs';
ensureModernNode();

import fs from 'node:fs';
import path from 'node:path';
import { countDiamonds, databaseFor, rng, searches, seed, SORTS, startServer } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const N = Number(process.argv[2] ?? process.env.BENCH_DIAMONDS ?? 1_000_000);
if (!(Number.isInteger(N) && N > 0)) throw new Error(`the stone count must be a positive whole number, not ${process.argv[2] ?? process.env.BENCH_DIAMONDS}`);
const TREES = (process.env.BENCH_TREES ?? root).split(',').map((t) => path.resolve(t.trim()));
const SEARCHES = Math.max(500, Number(process.env.BENCH_SEARCHES ?? 600));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/test';
const FRESH = process.env.BENCH_FRESH === '1';
const benchDir = path.join(root, 'var/bench');

for (const tree of TREES) {
  const { buildIfStale } = await import(path.join(tree, 'scripts/build-lib.mjs'));
  await buildIfStale();
}

/**
 * CPU seconds a process has used (user + system, /proc; undefined elsewhere): a server's CPU time per
 * request is what the request costs whatever else the machine runs, where latency on a shared machine
 * is mostly waiting for a core.
 */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Sends every path to each server in turn (the order alternating); answers each server's figures. */
async function run(servers, paths, concurrency) {
  const bases = servers.map((s) => s.base);
  const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid));
  const per = bases.map(() => ({ times: [], passes: [], errors: 0 }));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const i = next++;
        const order = bases.map((_, k) => k);
        if (i % 2) order.reverse();
        for (const k of order) {
          const t = performance.now();
          const res = await fetch(bases[k] + paths[i]);
          await res.arrayBuffer();
          per[k].times.push(performance.now() - t);
          const pass = /index;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
          if (pass) per[k].passes.push(Number(pass[1]));
          if (res.status >= 500) per[k].errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const q = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))];
  const cpuAfter = servers.map((s) => cpuSeconds(s.child.pid));
  return per.map(({ times, passes, errors }, k) => {
    const cpu = cpuBefore[k] === undefined ? undefined : ((cpuAfter[k] - cpuBefore[k]) * 1000) / times.length;
    times.sort((a, b) => a - b);
    passes.sort((a, b) => a - b);
    return {
      // Requests per second of the run as a whole (every tree's requests share it).
      n: times.length,
      p50: q(times, 0.5),
      p95: q(times, 0.95),
      p99: q(times, 0.99),
      rps: times.length / seconds,
      errors,
      // The index pass alone (Server-Timing), to tell the algorithm's time from the machine's queueing.
      ...(passes.length && { pass50: q(passes, 0.5), pass95: q(passes, 0.95) }),
      // The server's CPU time per request, on average (clock ticks of 10 ms, summed over the run).
      ...(cpu !== undefined && { cpu }),
    };
  });
}

const fmt = (r) =>
  `${String(r.n).padStart(5)}  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s` +
  (r.pass50 !== undefined ? `  (index pass p50 ${r.pass50.toFixed(1)} / p95 ${r.pass95.toFixed(1)} ms)` : '') +
  (r.cpu !== undefined ? `  server CPU ${r.cpu.toFixed(1)} ms/request` : '') +
  (r.errors ? `  ${r.errors} errors` : '');
const summary = [];

for (const kind of KINDS) {
  console.log(`\n=== ${kind}: ${N.toLocaleString('en-US')} diamonds ===`);
  const url = await databaseFor(kind, N, PG_SERVER);
  const have = FRESH ? 0 : await countDiamonds(kind, url);
  if (have !== N) console.log(`seeded in ${seed(url, N).toFixed(1)} s`);
  else console.log(`reusing the seeded database (${have.toLocaleString('en-US')} diamonds)`);
  const servers = [];
  try {
    for (const tree of TREES) servers.push(await startServer(url, tree));
    const bases = servers.map((s) => s.base);
    const label = (k) => (TREES.length > 1 ? `[${path.basename(TREES[k])}] ` : '');
    for (const [k, base] of bases.entries()) {
      const t = performance.now();
      const first = await (await fetch(`${base}/catalog/api/diamonds`)).json();
      const health = await (await fetch(`${base}/healthz`)).json();
      const bytes = health.index?.bytes;
      console.log(
        `${label(k)}index ready after ${((performance.now() - t) / 1000).toFixed(1)} s (${first.meta.total.toLocaleString('en-US')} diamonds listed)` +
          (bytes ? `; ${(bytes / 1e6).toFixed(0)} MB, ${(bytes / N).toFixed(1)} bytes per stone` : ''),
      );
    }
    const ids = [];
    const r = rng(7);
    for (let i = 0; i < SEARCHES; i++) ids.push(`/catalog/api/diamonds/${61 + Math.floor(r() * N)}`);
    const mix = searches(SEARCHES, 42);
    await run(servers, searches(100, 1), 2); // warm the JIT with other questions
    await run(servers, ids.slice(0, 100), 2);
    const rows = {
      [`searches, concurrency 1`]: await run(servers, mix, 1),
      [`pk lookups, concurrency 1`]: await run(servers, ids, 1),
      [`searches, concurrency ${CONCURRENCY}`]: await run(servers, searches(SEARCHES, 43), CONCURRENCY),
      [`pk lookups, concurrency ${CONCURRENCY}`]: await run(servers, ids.slice().reverse(), CONCURRENCY),
    };
    // Every question distinct (a price cap above every stone), so no answer comes from the server's cache of recent ones.
    const deep = (page) =>
      Array.from({ length: 200 }, (_, i) => {
        const f = { price: { max: 10_000_000 + page * 1000 + i }, ...(i % 2 ? { shape: ['round', 'oval'] } : {}) };
        return `/catalog/api/diamonds?page_number=${page}&sort_by=${SORTS[i % SORTS.length]}&diamond_filters=${encodeURIComponent(JSON.stringify(f))}`;
      });
    rows['page 1, concurrency 1'] = await run(servers, deep(1), 1);
    rows['page 1000, concurrency 1'] = await run(servers, deep(1000), 1);
    const os = await import('node:os');
    for (const [k] of bases.entries()) {
      if (TREES.length > 1) console.log(`--- ${TREES[k]}`);
      for (const [name, result] of Object.entries(rows)) console.log(`${name.padEnd(28)} ${fmt(result[k])}`);
      const ratio = rows['page 1000, concurrency 1'][k].p50 / rows['page 1, concurrency 1'][k].p50;
      const s = rows['searches, concurrency 1'][k];
      console.log(`page 1000 / page 1 (p50): ${ratio.toFixed(2)}×`);
      console.log(
        `targets: p95 ≤ 30 ms ${s.p95 <= 30 ? 'met' : 'MISSED'}, p99 ≤ 40 ms ${s.p99 <= 40 ? 'met' : 'MISSED'}, page 1000 ≤ 1.5× page 1 ${ratio <= 1.5 ? 'met' : 'MISSED'}`,
      );
      summary.push({ kind, tree: TREES[k], N, ...Object.fromEntries(Object.entries(rows).map(([name, per]) => [name, per[k]])), ratio });
    }
    for (let k = 1; k < bases.length; k++) {
      console.log(`--- ${path.basename(TREES[k])} / ${path.basename(TREES[0])}`);
      for (const [name, per] of Object.entries(rows)) {
        const [a, b] = [per[0], per[k]];
        const cpu = a.cpu && b.cpu !== undefined ? `  server CPU ${(b.cpu / a.cpu).toFixed(2)}×` : '';
        console.log(`${name.padEnd(28)} p50 ${(b.p50 / a.p50).toFixed(2)}×  p95 ${(b.p95 / a.p95).toFixed(2)}×  p99 ${(b.p99 / a.p99).toFixed(2)}×${cpu}`);
      }
    }
    console.log(
      `load average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
}
fs.writeFileSync(path.join(benchDir, 'diamonds.json'), JSON.stringify(summary, null, 2));
