// `npm start`: build when missing or stale, migrate, seed an empty database, then serve on PORT, in
// WEB_CONCURRENCY worker processes (scripts/workers.mjs; 1: this process serves).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { serveWithWorkers, workerCount } = await import('./workers.mjs');
let workers;
try {
  workers = workerCount();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const { buildIfStale } = await import('./build-lib.mjs');
await buildIfStale();

const prepared = spawnSync(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'prepare'], { cwd: root, stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

process.env.PORT ||= '4321';
process.env.HOST ||= '0.0.0.0';
// The adapter's handler behind compression and security headers (src/server/serve.ts).
const entry = path.join(root, 'dist/server/serve.mjs');
if (workers === 1) await import(entry);
else await serveWithWorkers(entry, workers);
console.log(`The shop is open at http://localhost:${process.env.PORT}/${workers > 1 ? ` (${workers} workers)` : ''}`);
