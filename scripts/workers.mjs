// `npm start` with WEB_CONCURRENCY worker processes (node:cluster): each worker runs the production
// server (dist/server/serve.mjs) with its own diamond index and page cache, as separate app servers
// would, and they share the listening port. The primary only watches: a worker that dies is replaced
// (with a log line; after a second if it died young, so a crash at start does not spin), and SIGTERM or
// SIGINT drains every worker (each stops listening, finishes its requests in flight, then exits).
import cluster from 'node:cluster';
import os from 'node:os';
import { aggregateMetrics } from './metrics-primary.mjs';

/** WEB_CONCURRENCY, or the machine's available parallelism (at most 8); throws a line naming the variable. */
export function workerCount(value = process.env.WEB_CONCURRENCY) {
  if (value === undefined || value.trim() === '') return Math.min(os.availableParallelism(), 8);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not ${JSON.stringify(value)}`);
  return n;
}

const YOUNG_MS = 10_000;

/** Starts `count` workers running `entry`; resolves once all of them listen. */
export function serveWithWorkers(entry, count) {
  cluster.setupPrimary({ exec: entry });
  aggregateMetrics(cluster);
  let stopping = false;
  const born = new Map();
  const fork = () => born.set(cluster.fork().id, Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const age = Date.now() - (born.get(worker.id) ?? 0);
    born.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    if (age < YOUNG_MS) setTimeout(fork, 1000);
    else fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping ${Object.keys(cluster.workers ?? {}).length} workers: requests in flight finish first`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return new Promise((resolve) => {
    let listening = 0;
    const first = (worker) => {
      if (++listening === count) {
        cluster.off('listening', first);
        resolve();
      }
    };
    cluster.on('listening', first);
    for (let i = 0; i < count; i++) fork();
  });
}
