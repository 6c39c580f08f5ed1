// What the search benchmarks share (`npm run bench:diamonds`, `npm run bench:index-apply`): the mix of
// shopper searches, and a database of N seeded stones (seeded once, reused by later runs) with the
// production server started on it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const benchDir = path.join(root, 'var/bench');
fs.mkdirSync(benchDir, { recursive: true });

// A small seeded PRNG, so every run asks the same questions.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SHAPES = ['round', 'princess', 'cushion', 'oval', 'emerald', 'pear', 'marquise', 'radiant', 'asscher', 'heart'];
const CUTS = ['Ideal', 'Excellent', 'Very Good', 'Good', 'Fair'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];
const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'];
const FINISHES = ['Excellent', 'Very Good', 'Good', 'Fair'];
export const SORTS = ['price', 'carat', 'cut', 'color', 'clarity', 'price_per_carat'];

/** What shoppers do: a shape or two, a carat band, often a budget, sometimes grades; mostly page 1. */
export function searches(count, seed) {
  const r = rng(seed);
  const pick = (list, min, max) => {
    const n = min + Math.floor(r() * (max - min + 1));
    return [...list].sort(() => r() - 0.5).slice(0, n);
  };
  const band = (from, to) => [from, to][0] + r() * (to - from);
  const out = [];
  for (let i = 0; i < count; i++) {
    const f = {};
    if (r() < 0.6) f.shape = pick(SHAPES, 1, 3);
    if (r() < 0.6) {
      const lo = Math.round(band(0.3, 2.5) * 100) / 100;
      f.carat = { min: lo, max: Math.round((lo + band(0.2, 2)) * 100) / 100 };
    }
    if (r() < 0.4) f.price = r() < 0.5 ? { max: Math.round(band(1000, 30000)) } : { min: Math.round(band(500, 5000)), max: Math.round(band(6000, 80000)) };
    if (r() < 0.3) f.cut = pick(CUTS, 1, 3);
    if (r() < 0.3) f.color = pick(COLORS, 2, 5);
    if (r() < 0.3) f.clarity = pick(CLARITIES, 2, 5);
    if (r() < 0.25) f.origin = [r() < 0.5 ? 'natural' : 'lab_grown'];
    if (r() < 0.1) f.lab = pick(['GIA', 'IGI', 'AGS', 'HRD'], 1, 2);
    if (r() < 0.1) f.polish = pick(FINISHES, 1, 2);
    if (r() < 0.1) f.fluorescence = ['None', 'Faint'];
    if (r() < 0.1) f.depth = { min: 59, max: 63 };
    if (r() < 0.1) f.table = { min: 53, max: 61 };
    if (r() < 0.1) f.lw_ratio = { min: 1.3, max: 1.6 };
    const roll = r();
    const page = roll < 0.7 ? 1 : roll < 0.9 ? 2 + Math.floor(r() * 9) : 100 + Math.floor(r() * 901);
    const params = new URLSearchParams({
      page_number: String(page),
      page_size: '24',
      sort_by: SORTS[Math.floor(r() * SORTS.length)],
      sort_direction: r() < 0.7 ? 'asc' : 'desc',
      diamond_filters: JSON.stringify(f),
    });
    out.push(`/catalog/api/diamonds?${params}`);
  }
  return out;
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function countDiamonds(kind, url) {
  try {
    if (kind === 'sqlite') {
      if (!fs.existsSync(url)) return 0;
      const { default: SQLite } = await import('better-sqlite3');
      const db = new SQLite(url, { readonly: true });
      try {
        return db.prepare('select count(*) as n from diamonds').get().n;
      } finally {
        db.close();
      }
    }
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return Number((await c.query('select count(*) as n from diamonds')).rows[0].n);
    } finally {
      await c.end();
    }
  } catch {
    return 0;
  }
}

/** The database of `n` stones for this kind (created empty when missing). */
export async function databaseFor(kind, n, pgServer) {
  if (kind === 'sqlite') return path.join(benchDir, `diamonds-${n}.db`);
  const { default: pg } = await import('pg');
  const name = `bench_diamonds_${n}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Seeds `n` stones with the CLI; answers the seconds it took. */
export function seed(url, n) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'seed', '--diamonds', String(n)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seeding failed');
  return (performance.now() - started) / 1000;
}

/** The production server of `tree` (this checkout unless another is named) on database `url`. */
export async function startServer(url, tree = root) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(tree, 'dist/server/serve.mjs')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, log: () => log };
}
