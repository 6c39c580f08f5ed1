/**
 * `npm run bench:import`: the diamond stock-file import on SQLite and PostgreSQL, on this machine, in
 * one run (PostgreSQL: a fresh database on IMPORT_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test). Per database, with N = IMPORT_N (default 1,000,000):
 *   1. the baseline: `cli.mjs seed --diamonds N` (the demo seed of N stones), timed;
 *   2. a running shop (dist/server/serve.mjs) on that database, its index warmed;
 *   3. importing N new stones from a generated CSV (`cli.mjs import`), timed, its peak RSS sampled, while
 *      searches ({api}/api/diamonds with varied filters, 4 at a time) measure p50/p99, and marker stones
 *      (carats no seed stone has) spread through the file measure the delay from their batch's commit
 *      (seen by polling the database) to their first appearance in a search;
 *   4. re-importing the same stones with 5 % of prices changed, timed;
 *   5. a --replace with 90 % of the stones, which delists 10 %, timed.
 * Targets: import ≤ 2 × seed; 5 % update < 60 s; search p99 < 150 ms during the import; searchable
 * within 5 s of the commit.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../scripts/build-lib.mjs';
import { createTestDatabase, type TestDbKind } from '../support/databases.ts';
import { freePort, stopChild } from '../support/server.ts';
import { execSql } from '../support/sql.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli/cli.mjs');
const N = Number(process.env.IMPORT_N) || 1_000_000;
const KINDS = (process.env.IMPORT_DATABASES ?? 'sqlite,postgres').split(',') as TestDbKind[];
const MARKERS = 10;
/** IMPORT_PHASES=import leaves out the 5 % update and the replace (for quicker runs while tuning the import). */
const PHASES = new Set((process.env.IMPORT_PHASES ?? 'import,update,replace').split(','));
/** IMPORT_SERVER_LOG=<file>: the running shop's output goes there; IMPORT_SERVER_FLAGS: Node flags for it (e.g. --trace-gc). */
const SERVER_LOG = process.env.IMPORT_SERVER_LOG;
const SERVER_FLAGS = process.env.IMPORT_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
/** IMPORT_CLI_FLAGS: Node flags for the timed CLI runs (e.g. --cpu-prof --cpu-prof-dir=var/prof). */
const CLI_FLAGS = process.env.IMPORT_CLI_FLAGS?.split(' ').filter(Boolean) ?? [];
const SOURCE = 'bench';
process.env.TEST_DATABASE_URL = process.env.IMPORT_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const HEADER = [
  'Stock #',
  'Shape',
  'Size',
  'Color',
  'Clarity',
  'Cut Grade',
  'Polish',
  'Symmetry',
  'Fluorescence Intensity',
  'Lab',
  'Certificate #',
  'Measurements',
  'Depth %',
  'Table %',
  'Total Price',
  'Availability',
  'Origin',
];
const SHAPE: Record<string, string> = {
  round: 'BR',
  princess: 'PR',
  cushion: 'CU',
  oval: 'OV',
  emerald: 'EC',
  pear: 'PS',
  marquise: 'MQ',
  radiant: 'RAD',
  asscher: 'AC',
  heart: 'HS',
};
const FINISH: Record<string, string> = { Ideal: 'I', Excellent: 'EX', 'Very Good': 'VG', Good: 'G', Fair: 'F' };
const FLUOR: Record<string, string> = { None: 'NON', Faint: 'FNT', Medium: 'MED', Strong: 'STG', 'Very Strong': 'VST' };

const markerCarat = (m: number) => 20 + (m + 1) / 100; // 20.01 … 20.10: no seed stone weighs that
const markerRow = (m: number) => Math.floor(((m + 0.5) * N) / MARKERS);

/** Writes the N stones as a RapNet CSV; `keep(i)` leaves rows out, `priceFactor(i)` changes prices. */
async function writeFeed(file: string, keep: (i: number) => boolean, priceFactor: (i: number) => number): Promise<number> {
  const rng = createRng(0xfeed_2026);
  const out = fs.createWriteStream(file);
  const lines: string[] = [HEADER.join(',')];
  const flush = async () => {
    if (!out.write(lines.join('\n') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
    lines.length = 0;
  };
  const markers = new Map(Array.from({ length: MARKERS }, (_, m) => [markerRow(m), m]));
  for (let i = 0; i < N; i++) {
    const d = generateDiamond(rng, i, 0, 'x');
    if (!keep(i)) continue;
    const marker = markers.get(i);
    const carat = marker === undefined ? d.carat : markerCarat(marker);
    const dollars = ((d.price_cents * priceFactor(i)) / 100).toFixed(2);
    lines.push(
      [
        `BENCH-${i}`,
        SHAPE[d.shape],
        carat,
        d.color,
        d.clarity,
        FINISH[d.cut],
        FINISH[d.polish],
        FINISH[d.symmetry],
        FLUOR[d.fluorescence],
        d.lab,
        `BN${i}`,
        `${d.length_mm}x${d.width_mm}x${d.depth_mm}`,
        d.depth,
        d.table_pct,
        dollars,
        'G',
        d.origin === 'lab_grown' ? 'Lab Grown' : 'Natural',
      ].join(','),
    );
    if (lines.length >= 5000) await flush();
  }
  await flush();
  await new Promise<void>((r) => out.end(() => r()));
  return fs.statSync(file).size;
}

interface Timed {
  ms: number;
  peakRssMb: number;
  /** The highest resident memory in the first and in the second half of the run: flat memory keeps them close. */
  halvesMb: [number, number];
  summary: string;
}

/** Runs the CLI, timing it and sampling its resident memory every 100 ms. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...CLI_FLAGS, cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let peak = 0;
    const samples: [number, number][] = [];
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const sampler = setInterval(() => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
        samples.push([performance.now(), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024]);
      } catch {
        // gone
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(sampler);
      const middle = (started + performance.now()) / 2;
      const most = (list: [number, number][]) => Math.round(Math.max(0, ...list.map(([, mb]) => mb)));
      const halvesMb: [number, number] = [most(samples.filter(([t]) => t < middle)), most(samples.filter(([t]) => t >= middle))];
      if (code !== 0) reject(new Error(`${args.join(' ')} failed (${code}):\n${out}\n${err.slice(-2000)}`));
      else resolve({ ms: performance.now() - started, peakRssMb: Math.round(peak), halvesMb, summary: out.trim().split('\n').pop()! });
    });
  });
}

async function waitForHealth(url: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

const search = (url: string, filters: object) =>
  fetch(`${url}/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '24' })}`).then(async (r) => {
    if (!r.ok) throw new Error(`search ${r.status}`);
    return (await r.json()) as { meta: { total: number } };
  });

const FILTERS = [
  {},
  { shape: ['oval'] },
  { color: ['D', 'E', 'F'], clarity: ['VS1', 'VS2'] },
  { carat: { min: 1, max: 2 } },
  { origin: ['lab_grown'], price: { max: 3000 } },
  { cut: ['Ideal'], shape: ['round'] },
];

/** Searches, 4 at a time, from a process of its own (shoppers.ts), until `stop` resolves. */
async function searchLoad(url: string, stop: Promise<unknown>): Promise<{ latencies: number[]; slowest: { ms: number; timing: string }[] }> {
  const child = fork(path.join(import.meta.dirname, 'shoppers.ts'), [url], { execArgv: [] });
  const answer = new Promise<{ latencies: number[]; slowest: { ms: number; timing: string }[] }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => code !== 0 && reject(new Error(`shoppers exited with ${code}`)));
  });
  await stop.catch(() => undefined);
  child.send('stop');
  return answer;
}

/** For each marker: when its row was first seen committed (polling the database) and when a search first found it. */
async function watchMarkers(url: string, databaseUrl: string, stop: Promise<unknown>): Promise<number[]> {
  const committed = new Map<number, number>();
  const found = new Map<number, number>();
  let done = false;
  void stop.finally(() => (done = true));
  let endedAt: number | undefined;
  const poll = async () => {
    for (;;) {
      const last = done; // once the import has ended, one more full pass sees every marker committed
      const rows = await execSql(
        databaseUrl,
        `select certificate_number from diamonds where certificate_number in (${Array.from({ length: MARKERS }, (_, m) => `'BN${markerRow(m)}'`).join(',')})`,
      );
      const now = Date.now();
      for (const r of rows) {
        const m = Array.from({ length: MARKERS }, (_, k) => k).find((k) => `BN${markerRow(k)}` === r.certificate_number)!;
        if (!committed.has(m)) committed.set(m, now);
      }
      for (const m of committed.keys()) {
        if (found.has(m)) continue;
        const res = await search(url, { carat: { min: markerCarat(m), max: markerCarat(m) } }).catch(() => undefined);
        if (res && res.meta.total > 0) found.set(m, Date.now());
      }
      endedAt ??= last ? Date.now() : undefined;
      if (found.size === MARKERS || (last && found.size === committed.size) || (endedAt && Date.now() - endedAt > 60_000)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await poll();
  return [...found.entries()].map(([m, t]) => t - committed.get(m)!);
}

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function benchOne(kind: TestDbKind, tmp: string) {
  const database = await createTestDatabase(kind);
  const env = { ...process.env, DATABASE_URL: database.url, ASTRO_TELEMETRY_DISABLED: '1' };
  let server: ChildProcess | undefined;
  try {
    console.log(`\n── ${kind}: seeding ${N.toLocaleString('en-US')} stones (baseline)`);
    const seed = await runCli(['seed', '--diamonds', String(N)], env);
    console.log(`   ${seed.summary}`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = SERVER_LOG ? fs.openSync(`${SERVER_LOG}.${kind}`, 'w') : 'ignore';
    server = spawn(process.execPath, [...SERVER_FLAGS, path.join(root, 'dist/server/serve.mjs')], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    });
    await waitForHealth(url);
    const warmed = performance.now();
    await search(url, {});
    const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    console.log(`   shop running, index warmed in ${s(performance.now() - warmed)}; server RSS ${rss.toFixed(0)} MB with ${N.toLocaleString('en-US')} stones`);
    const idle: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      await search(url, FILTERS[i % FILTERS.length]!);
      idle.push(performance.now() - t);
    }

    const full = path.join(tmp, 'full.csv');
    const changed = path.join(tmp, 'changed.csv');
    const ninety = path.join(tmp, 'ninety.csv');
    const args = (file: string, ...more: string[]) => ['import', file, '--source', SOURCE, ...more];

    console.log(`── ${kind}: importing ${N.toLocaleString('en-US')} new stones into the running shop`);
    const run = runCli(args(full), env);
    const [imported, load, delays] = await Promise.all([run, searchLoad(url, run), watchMarkers(url, database.url, run)]);
    const latencies = load.latencies;
    console.log(`   ${imported.summary}`);
    console.log(
      `   slowest searches (Server-Timing; none: a shared answer from the page cache): ${load.slowest.map((x) => `${x.ms.toFixed(0)} ms [${x.timing}]`).join('; ')}`,
    );

    const phase = async (name: string, title: string, argv: string[]) => {
      if (!PHASES.has(name)) return undefined;
      console.log(`── ${kind}: ${title}`);
      const done = await runCli(argv, env);
      console.log(`   ${done.summary}`);
      return done;
    };
    const update = await phase('update', 're-importing with 5 % of prices changed', args(changed));
    const replace = await phase('replace', '--replace with 90 % of the stones', args(ninety, '--replace'));

    return {
      kind,
      seed: seed.ms,
      import: imported.ms,
      importRss: imported.peakRssMb,
      importHalves: imported.halvesMb,
      update: update?.ms,
      replace: replace?.ms,
      idleP99: pct(idle, 99),
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      searches: latencies.length,
      delayMax: Math.max(...delays),
      delayP50: pct(delays, 50),
      markers: `${delays.length}/${MARKERS}`,
    };
  } finally {
    if (server) await stopChild(server);
    await database.drop();
  }
}

await buildIfStale();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
try {
  console.log(`Generating the stock files (${N.toLocaleString('en-US')} stones) in ${tmp}`);
  const sizes = [
    await writeFeed(
      path.join(tmp, 'full.csv'),
      () => true,
      () => 1,
    ),
  ];
  if (PHASES.has('update'))
    sizes.push(
      await writeFeed(
        path.join(tmp, 'changed.csv'),
        () => true,
        (i) => (i % 20 === 7 ? 1.05 : 1),
      ),
    );
  if (PHASES.has('replace'))
    sizes.push(
      await writeFeed(
        path.join(tmp, 'ninety.csv'),
        (i) => i % 10 !== 3,
        () => 1,
      ),
    );
  console.log(`   ${sizes.map((b) => `${(b / 1e6).toFixed(0)} MB`).join(', ')}`);
  const results = [];
  for (const kind of KINDS) results.push(await benchOne(kind, tmp));
  console.log(`\nbench:import, N = ${N.toLocaleString('en-US')}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`);
  console.table(
    results.map((r) => ({
      database: r.kind,
      'seed (baseline)': s(r.seed),
      import: `${s(r.import)} (${(r.import / r.seed).toFixed(2)} × seed) ${r.import <= 2 * r.seed ? 'ok' : 'MISSED'}`,
      'import RSS: peak (1st half / 2nd half)': `${r.importRss} MB (${r.importHalves[0]} / ${r.importHalves[1]} MB)`,
      '5 % update': r.update === undefined ? 'not run' : `${s(r.update)} ${r.update < 60_000 ? 'ok' : 'MISSED'}`,
      'replace −10 %': r.replace === undefined ? 'not run' : s(r.replace),
      'search p99 idle': `${r.idleP99.toFixed(0)} ms`,
      'search p50/p99 during import': `${r.p50.toFixed(0)}/${r.p99.toFixed(0)} ms (${r.searches}) ${r.p99 < 150 ? 'ok' : 'MISSED'}`,
      'commit → searchable': `p50 ${s(r.delayP50)}, max ${s(r.delayMax)} (${r.markers}) ${r.delayMax <= 5000 ? 'ok' : 'MISSED'}`,
    })),
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
