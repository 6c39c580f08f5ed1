/**
 * `node tests/bench/sitemaps.bench.mjs [--diamonds N] [--database URL | --pglite] [--images N]`: sitemap answer times
 * and share-image render times on a big inventory. Seeds N stones (default 1,000,000) into a SQLite file
 * under the bench folder when it has fewer (or into DATABASE URL; `--pglite`: an in-memory PGlite served over
 * the PostgreSQL wire protocol by this process, tests/support/pg-wire.ts), starts the production server
 * on it and prints, per sitemap: the time to the first byte and to the last, uncompressed and gzip and br
 * (what crawlers ask for), and the bytes; then the time to draw a share image never drawn before (a diamond's
 * card at its current address: database lookup, SVG, resvg, PNG) over N images (default 20).
 */
import { spawn } from 'node:child_process';
import { countDiamonds, startServer } from './bench-lib.mjs';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('diamonds', 1_000_000));
const images = Number(arg('images', 20));
const dir = path.join(os.tmpdir(), 'aurelle-bench');
fs.mkdirSync(dir, { recursive: true });
const wire = process.argv.includes('--pglite') ? await (await import('../support/pg-wire.ts')).servePglite() : undefined;
const url = wire?.url ?? arg('database', path.join(dir, `sitemaps-${n}.db`));
const kind = /^postgres/.test(url) ? 'postgres' : 'sqlite';

/** The seed CLI, without blocking this process (it may be serving the database). */
function seed() {
  const started = performance.now();
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../dist/cli/cli.mjs'), 'seed', '--diamonds', String(n)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error('seeding failed')))),
  );
}
if ((await countDiamonds(kind, url).catch(() => 0)) < n) console.log(`seeded ${n.toLocaleString('en-US')} stones in ${(await seed()).toFixed(0)} s`);
const server = await startServer(url);
const ms = (t) => `${t.toFixed(0)} ms`.padStart(8);

async function timed(p, encoding) {
  const started = performance.now();
  const res = await fetch(server.base + p, { headers: { 'accept-encoding': encoding } });
  const reader = res.body.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (!first) first = performance.now() - started;
    if (done) break;
    bytes += value.length;
  }
  return { status: res.status, first, total: performance.now() - started, bytes };
}

try {
  // The first read builds the diamond index (as at start-up): not what a crawler waits for afterwards.
  await fetch(`${server.base}/catalog/api/diamonds?page_size=1`);
  const index = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  console.log(`${kind}, ${n.toLocaleString('en-US')} stones: ${files.length} sitemaps`);
  console.log(
    `${'file'.padEnd(28)} ${'identity 1st'.padStart(12)} ${'last'.padStart(8)} ${'gzip 1st'.padStart(10)} ${'last'.padStart(8)} ${'br last'.padStart(8)}  bytes`,
  );
  const totals = [];
  for (const file of ['/sitemap.xml', ...files]) {
    const plain = await timed(file, 'identity');
    const gzip = await timed(file, 'gzip');
    const br = await timed(file, 'br');
    if (file.includes('diamonds-')) totals.push(plain.total, gzip.total, br.total);
    console.log(
      `${file.padEnd(28)} ${ms(plain.first).padStart(12)} ${ms(plain.total)} ${ms(gzip.first).padStart(10)} ${ms(gzip.total)} ${ms(br.total)}  ${plain.bytes.toLocaleString('en-US')} (${gzip.bytes.toLocaleString('en-US')} gzip, ${br.bytes.toLocaleString('en-US')} br)`,
    );
  }
  totals.sort((a, b) => a - b);
  console.log(`diamond sitemaps: median ${ms(totals[Math.floor(totals.length / 2)])}, worst ${ms(totals.at(-1))}`);

  // Share images: a diamond card never drawn before, per image.
  const ids = [...(await (await fetch(`${server.base}/sitemaps/diamonds-1.xml`)).text()).matchAll(/\/diamonds\/(\d+)</g)].slice(0, images).map((m) => m[1]);
  const times = [];
  for (const id of ids) {
    const moved = await fetch(`${server.base}/images/share/diamonds/${id}-0.png`, { redirect: 'manual' });
    const started = performance.now();
    const res = await fetch(new URL(moved.headers.get('location'), server.base));
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`share images (${times.length}, each drawn once): median ${ms(times[Math.floor(times.length / 2)])}, worst ${ms(times.at(-1))}`);
} finally {
  server.child.kill();
  await wire?.close();
}
