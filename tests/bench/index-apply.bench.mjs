// Applying changed stones to a running shop's index: `npm run bench:index-apply` (prints figures;
// nothing asserted).
//
// For each database (SQLite, then PostgreSQL): N seeded stones (1,000,000; seeded once and reused, as
// bench:diamonds does), the production server started on them and its index built. Then:
//   - baseline: search latency with no changes (S searches, concurrency 1);
//   - for each batch size B (1,000 and 100,000): another process commits, in one transaction, B/2 new
//     stones (INSERT … SELECT, as an importer or operator would) and B/2 new prices of listed stones
//     (UPDATE), by plain SQL; nothing tells the server. Meanwhile this process searches without pause.
//     Reported: the write, the apply time (from the commit until a search shows every new stone and
//     every new price), search p50/p99 during that time, then S searches after it.
// The stones of earlier runs are deleted first, so a run can be repeated on the same database.
//
// Environment: BENCH_DIAMONDS (1000000), BENCH_SEARCHES (300), BENCH_BATCHES (1000,100000),
// BENCH_DATABASES (sqlite,postgres), BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/test),
// BENCH_SQLITE_URL / BENCH_PG_URL: use this already seeded database instead.
import { ensureModernNode } from '../../scripts/node.mjs';
ensureModernNode();

import { spawn } from 'node:child_process';
import os from 'node:os';

/** New stones are priced from $6,000,000 and updated ones from $5,000,000: no seeded stone costs that much. */
const INSERTED = { min: 6_000_000, max: 6_001_000 };
const UPDATED = { min: 5_000_000, max: 5_001_000 };

if (process.argv[2] === '--write') {
  await write(process.argv[3], process.argv[4], Number(process.argv[5]));
  process.exit(0);
}

const { countDiamonds, databaseFor, searches, seed, startServer } = await import('./bench-lib.mjs');
const N = Number(process.env.BENCH_DIAMONDS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const BATCHES = (process.env.BENCH_BATCHES ?? '1000,100000').split(',').map(Number);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/test';
const GIVEN = { sqlite: process.env.BENCH_SQLITE_URL, postgres: process.env.BENCH_PG_URL };

/** Runs in a child process, so that the searching process never waits for the database driver. */
async function write(kind, url, batch) {
  const half = Math.floor(batch / 2);
  const inserted = (id) => `${INSERTED.min * 100} + (${id} % 1000) * 100`;
  const updated = `${UPDATED.min * 100} + (id % 1000) * 100`;
  const statements = [
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${half}) insert into items (kind) select 'diamond' from n`,
    // Copies of the first seeded stones under the new ids (their grades and sizes, a new price and certificate).
    `insert into diamonds (id, sku, shape, carat, cut, color, clarity, polish, symmetry, fluorescence, lab, certificate_number, origin,
       depth, table_pct, length_mm, width_mm, depth_mm, lw_ratio, price_cents, status, is_hidden, created_at, updated_at)
     select i.id, 'APPLY-' || i.id, d.shape, d.carat, d.cut, d.color, d.clarity, d.polish, d.symmetry, d.fluorescence, d.lab,
       'APPLY' || i.id, d.origin, d.depth, d.table_pct, d.length_mm, d.width_mm, d.depth_mm, d.lw_ratio, ${inserted('i.id')}, 'available', 0,
       d.created_at, d.updated_at
     from items i join diamonds d on d.id = i.id - (select max(id) from items) + ${half} - 1 + (select min(id) from diamonds)
     where i.id > (select max(id) from items) - ${half}`,
    `update diamonds set price_cents = ${updated} where id in (
       select id from diamonds where status = 'available' and is_hidden = 0 and price_cents < ${UPDATED.min * 100} order by id limit ${half})`,
  ];
  await inOneTransaction(kind, url, statements);
}

/** Removes the stones a previous run added, and gives the repriced ones a seed-like price back. */
async function reset(kind, url) {
  const statements = [
    `delete from diamonds where sku like 'APPLY-%'`,
    `delete from items where kind = 'diamond' and not exists (select 1 from diamonds where diamonds.id = items.id)`,
    `update diamonds set price_cents = price_cents / 1000 where price_cents >= ${UPDATED.min * 100}`,
  ];
  await inOneTransaction(kind, url, statements);
}

async function inOneTransaction(kind, url, statements) {
  if (kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(url);
    db.pragma('busy_timeout = 10000');
    db.transaction(() => statements.forEach((s) => db.prepare(s).run()))();
    db.close();
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  for (const s of statements) await client.query(s);
  await client.query('commit');
  await client.end();
}

const q = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length
    ? `n ${String(sorted.length).padStart(4)}  p50 ${q(sorted, 0.5).toFixed(1).padStart(6)} ms  p99 ${q(sorted, 0.99).toFixed(1).padStart(6)} ms  max ${sorted[sorted.length - 1].toFixed(1).padStart(6)} ms`
    : 'n    0';
};

async function timed(base, p) {
  const t = performance.now();
  const res = await fetch(base + p);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  return performance.now() - t;
}

const totalOf = async (base, range) => {
  const res = await fetch(`${base}/catalog/api/diamonds?page_size=1&diamond_filters=${encodeURIComponent(JSON.stringify({ price: range }))}`);
  return (await res.json()).meta.total;
};

for (const kind of KINDS) {
  console.log(`\n=== ${kind}: ${N.toLocaleString('en-US')} diamonds ===`);
  const url = GIVEN[kind] ?? (await databaseFor(kind, N, PG_SERVER));
  // A database not seeded yet has nothing to reset.
  await reset(kind, url).catch((error) => {
    if (!/no such table|does not exist/.test(String(error))) throw error;
  });
  const have = await countDiamonds(kind, url);
  if (!GIVEN[kind] && have !== N) console.log(`seeded in ${seed(url, N).toFixed(1)} s`);
  else console.log(`reusing the seeded database (${have.toLocaleString('en-US')} diamonds)`);
  const server = await startServer(url);
  try {
    let t = performance.now();
    await fetch(`${server.base}/catalog/api/diamonds`);
    console.log(`index ready after ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const mix = searches(SEARCHES * (2 + BATCHES.length * 3), 77);
    let next = 0;
    const ask = () => timed(server.base, mix[next++ % mix.length]);
    for (let i = 0; i < 50; i++) await ask(); // warm the JIT
    const baseline = [];
    for (let i = 0; i < SEARCHES; i++) baseline.push(await ask());
    console.log(`${'baseline, no changes'.padEnd(34)} ${stats(baseline)}`);

    for (const batch of BATCHES) {
      const half = Math.floor(batch / 2);
      const [insertedBefore, updatedBefore] = [await totalOf(server.base, INSERTED), await totalOf(server.base, UPDATED)];
      const during = [];
      let writing = true;
      let applying = true;
      // Searches without pause from before the write until every change is searchable.
      const searcher = (async () => {
        while (writing || applying) during.push(await ask());
      })();
      const started = performance.now();
      const child = spawn(process.execPath, [import.meta.filename, '--write', kind, url, String(batch)], { stdio: 'inherit' });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      if (code !== 0) throw new Error(`the write of ${batch} stones failed`);
      const committed = performance.now();
      writing = false;
      const beforeCommit = during.length;
      let first = 0;
      for (;;) {
        const [ins, upd] = [await totalOf(server.base, INSERTED), await totalOf(server.base, UPDATED)];
        if (!first) first = performance.now() - committed;
        if (ins - insertedBefore === half && upd - updatedBefore === half) break;
        if (performance.now() - committed > 120_000)
          throw new Error(`not applied after 120 s: ${ins - insertedBefore} inserted, ${upd - updatedBefore} repriced seen`);
      }
      const applied = performance.now() - committed;
      applying = false;
      await searcher;
      const after = [];
      for (let i = 0; i < SEARCHES; i++) after.push(await ask());
      const label = `${batch.toLocaleString('en-US')} changed stones`;
      console.log(
        `${label}: written in ${((committed - started) / 1000).toFixed(2)} s; all searchable ${(applied / 1000).toFixed(2)} s after the commit (first search after it answered in ${first.toFixed(0)} ms)`,
      );
      console.log(`${'  searches during write + apply'.padEnd(34)} ${stats(during)}`);
      console.log(`${'  of which after the commit'.padEnd(34)} ${stats(during.slice(beforeCommit))}`);
      console.log(`${'  searches after'.padEnd(34)} ${stats(after)}`);
    }
    const log = server
      .log()
      .split('\n')
      .filter((l) => /diamond index/.test(l));
    if (log.length) console.log(log.join('\n'));
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}
