// The wire contract and the served HTML, captured from the production build (dist/) on a fresh SQLite
// database seeded with a fixed number of stones, so that a restructuring can be shown to change neither:
//
//   node scripts/build.mjs && node scripts/snapshot-contract.mjs var/contract-before
//   (change the code)
//   node scripts/build.mjs && node scripts/snapshot-contract.mjs var/contract-after --compare var/contract-before
//
// It writes the OpenAPI document (openapi.json) and one file per page (its status line, content type and
// body). What differs from one start to the next without any code change is masked: CSP nonces, request
// ids, build hashes in asset names, islands' uids (they hash the checkout's folder), dates of the run and the server's port. --compare exits 1 naming every file that differs.
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const out = path.resolve(args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--compare') ?? 'var/contract-snapshot');
const compareWith = args.includes('--compare') ? path.resolve(args[args.indexOf('--compare') + 1]) : undefined;

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const { startServer } = await import(path.join(root, 'tests/support/server.ts'));
const server = await startServer('sqlite', { diamonds: 300, env: { SITE_URL: 'http://shop.test' } });

const FIXED = [
  '/',
  '/about-us',
  '/diamonds',
  '/diamonds?view=table',
  '/diamonds?shape=round&sort=price',
  '/engagement-rings',
  '/wedding-rings',
  '/cart',
  '/wishlist',
  '/search?q=ring',
  '/book-appointment',
  '/build-your-own',
  '/checkout',
  '/no-such-page',
  '/robots.txt',
  '/sitemap.xml',
];

const mask = (text) =>
  text
    .replaceAll(server.url, 'http://shop.test')
    .replace(/nonce="[^"]*"/g, 'nonce="…"')
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g, '<instant>')
    .replace(/(\/_astro\/[\w.-]+?)\.[\w-]{8}\.(js|css)/g, '$1.<hash>.$2')
    // An island's uid hashes its component's file path on the build machine (the same commit built in two
    // folders gives two uids); it only pairs the island with its hydration script.
    .replace(/(<astro-island uid=")[\w-]+"/g, '$1…"');

try {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const get = async (p) => {
    const res = await fetch(server.url + p, { redirect: 'manual' });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  };
  const openapi = await get('/api/openapi.json');
  fs.writeFileSync(path.join(out, 'openapi.json'), JSON.stringify(JSON.parse(openapi.body), null, 2) + '\n');

  const pages = [...FIXED];
  const listing = (await get('/diamonds')).body;
  const stones = [...new Set([...listing.matchAll(/href="\/diamonds\/(\d+)"/g)].map((m) => m[1]))];
  if (stones[0]) pages.push(`/diamonds/${stones[0]}`);
  if (stones.length > 1) pages.push(`/diamonds/compare?ids=${stones.slice(0, 4).join(',')}`);
  const rings = (await get('/engagement-rings')).body;
  const product = /href="(\/products\/\d+)/.exec(rings)?.[1];
  if (product) pages.push(product);
  for (const p of pages) {
    const r = await get(p);
    const name = p.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'home';
    fs.writeFileSync(path.join(out, `${name}.txt`), `${p}\n${r.status} ${r.type}\n\n${mask(r.body)}`);
  }
  console.log(`${pages.length} pages and the OpenAPI document written to ${path.relative(root, out)}`);
} finally {
  await server.stop();
}

if (compareWith) {
  const names = new Set([...fs.readdirSync(out), ...fs.readdirSync(compareWith)]);
  const differ = [...names].filter((n) => {
    const a = path.join(out, n);
    const b = path.join(compareWith, n);
    return !fs.existsSync(a) || !fs.existsSync(b) || fs.readFileSync(a, 'utf8') !== fs.readFileSync(b, 'utf8');
  });
  for (const n of differ) console.log(`DIFFERS: ${n} (diff ${path.relative(root, path.join(compareWith, n))} ${path.relative(root, path.join(out, n))})`);
  console.log(differ.length ? `${differ.length} of ${names.size} files differ` : `all ${names.size} files are the same`);
  process.exit(differ.length ? 1 : 0);
}
