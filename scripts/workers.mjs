// `npm start`'s primary process (node:cluster): it runs WEB_CONCURRENCY workers, each the production
// server (dist/server/serve.mjs, with its own diamond index and page cache) as separate app servers would
// be, sharing the listening port. The primary serves nothing itself:
// - a worker that dies is replaced (with a log line; after a second if it died young, so that a crash at
//   start does not spin);
// - a worker whose port is taken makes the whole shop stop with one line naming the port;
// - SIGTERM or SIGINT drains every worker (src/server/runtime/serve-lifecycle.ts) and exits once they have, within
//   SHUTDOWN_TIMEOUT_SECONDS (then what is left is killed);
// - SIGHUP reloads: build when the sources changed (a failed build leaves the running shop untouched and
//   says why), migrate, then replace the workers one at a time on the new release, each new worker
//   healthy (listening only once its /healthz answers 200) before an old one is told to drain.
// Its state (pid, release, the last reload's outcome) is in VAR_DIR/run/shop-PORT.json, which
// `npm run reload` reads (scripts/reload.mjs).
import cluster from 'node:cluster';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aggregateMetrics } from './metrics-primary.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** Exit codes of src/server/runtime/serve-lifecycle.ts. */
const EXIT_PORT_IN_USE = 98;
const EXIT_NOT_HEALTHY = 97;
const YOUNG_MS = 10_000;

/** WEB_CONCURRENCY, or the machine's available parallelism (at most 8); throws a line naming the variable. */
export function workerCount(value = process.env.WEB_CONCURRENCY) {
  if (value === undefined || value.trim() === '') return Math.min(os.availableParallelism(), 8);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not ${JSON.stringify(value)}`);
  return n;
}

/** SHUTDOWN_TIMEOUT_SECONDS in ms (default 10 s), as the workers read it. */
export function shutdownTimeoutMs(value = process.env.SHUTDOWN_TIMEOUT_SECONDS) {
  const n = Number(value);
  return value?.trim() && Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : 10_000;
}

/** Where a running shop on `port` keeps its state file (pid, release, last reload). */
export function stateFile(port, varDir = process.env.VAR_DIR?.trim() || 'var') {
  return path.resolve(root, varDir, 'run', `shop-${port}.json`);
}

export function portProblem(port, host) {
  return `PORT ${port} on ${host} is already in use: stop what listens there or set PORT`;
}

const release = () => {
  try {
    return path.basename(fs.realpathSync(path.join(root, 'dist')));
  } catch {
    return null;
  }
};

/** Runs a Node script to its end without blocking the primary; resolves with its status and output. */
function runNode(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => ((output += d), process.stdout.write(d)));
    child.stderr.on('data', (d) => ((output += d), process.stderr.write(d)));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * Starts `count` workers running `entry` (the dist/server/serve.mjs link, so that a worker forked later
 * runs the release dist names then); resolves once all of them listen.
 */
export function serveWithWorkers(entry, count, { port, host }) {
  cluster.setupPrimary({ exec: entry });
  const shutdownMs = shutdownTimeoutMs();
  const file = stateFile(port);
  aggregateMetrics(cluster);
  let stopping = false;
  let reloading = false;
  let reloads = 0;
  let lastReload = null;
  /** Workers being replaced by a reload: their exit is expected. */
  const retiring = new Set();
  const born = new Map();
  const live = () => Object.values(cluster.workers ?? {}).filter((w) => w && !retiring.has(w.id));

  const writeState = () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const state = { pid: process.pid, port, host, release: release(), workers: live().map((w) => w.process.pid), reload: lastReload };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
    fs.renameSync(`${file}.tmp`, file);
  };
  const removeState = () => {
    try {
      if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // gone already
    }
  };

  const fork = () => {
    const worker = cluster.fork();
    born.set(worker.id, Date.now());
    return worker;
  };

  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    console.log(`Stopping ${workers.length} worker${workers.length === 1 ? '' : 's'}: requests in flight finish first`);
    removeState();
    for (const worker of workers) worker.process.kill('SIGTERM');
    if (workers.length === 0) process.exit(code);
    // The workers exit by themselves within SHUTDOWN_TIMEOUT_SECONDS; whatever is left after it is killed.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(code);
    }, shutdownMs + 1000).unref();
    process.exitCode = code;
  };

  cluster.on('exit', (worker, code, signal) => {
    const age = Date.now() - (born.get(worker.id) ?? 0);
    born.delete(worker.id);
    if (retiring.delete(worker.id)) return;
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (code === EXIT_PORT_IN_USE) {
      console.error(portProblem(port, host));
      stop(1);
      return;
    }
    if (worker.startingForReload) return; // the reload says what happened
    console.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    if (age < YOUNG_MS) setTimeout(() => stopping || fork(), 1000);
    else fork();
  });

  /** Forks a worker and resolves once it listens (it listens only when healthy); rejects if it exits first. */
  const forkHealthy = () =>
    new Promise((resolve, reject) => {
      const worker = fork();
      worker.startingForReload = true;
      const onListening = (w) => {
        if (w !== worker) return;
        cleanup();
        worker.startingForReload = false;
        resolve(worker);
      };
      const onExit = (w, code, signal) => {
        if (w !== worker) return;
        cleanup();
        reject(
          new Error(
            code === EXIT_NOT_HEALTHY
              ? 'a new worker never became healthy (its log says why)'
              : `a new worker exited (${signal ?? `code ${code}`}) before it was healthy`,
          ),
        );
      };
      const cleanup = () => {
        cluster.off('listening', onListening);
        cluster.off('exit', onExit);
      };
      cluster.on('listening', onListening);
      cluster.on('exit', onExit);
    });

  /** Tells a worker to drain and waits for it to exit (killing it after SHUTDOWN_TIMEOUT_SECONDS + 1 s). */
  const retire = (worker) =>
    new Promise((resolve) => {
      retiring.add(worker.id);
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), shutdownMs + 1000);
      worker.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      worker.process.kill('SIGTERM');
    });

  const reload = async () => {
    if (stopping) return;
    if (reloading) {
      console.log('A reload is already under way');
      return;
    }
    reloading = true;
    const started = Date.now();
    const seq = ++reloads;
    const before = release();
    const finish = (ok, message) => {
      (ok ? console.log : console.error)(message);
      lastReload = { seq, ok, message, started: new Date(started).toISOString(), finished: new Date().toISOString() };
      reloading = false;
      if (!stopping) writeState();
    };
    lastReload = { seq, ok: null, message: 'under way', started: new Date(started).toISOString(), finished: null };
    writeState();
    console.log(`Reloading (SIGHUP): building if the sources changed, then replacing ${live().length} workers one at a time`);
    // A type error fails the reload's build too (astro check), unless RELOAD_CHECK=0.
    const built = await runNode([path.join(root, 'scripts/build.mjs'), '--if-stale', ...(process.env.RELOAD_CHECK === '0' ? [] : ['--check'])]);
    if (built.status !== 0) {
      const why = built.output.trim().split('\n').at(-1) ?? `the build exited with ${built.status}`;
      return finish(false, `Reload stopped: ${why}`);
    }
    const prepared = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'prepare']);
    if (prepared.status !== 0) {
      const why = prepared.output.trim().split('\n').at(-1) ?? `prepare exited with ${prepared.status}`;
      return finish(false, `Reload stopped (migrating failed: ${why}); the running workers keep serving release ${before}`);
    }
    const now = release();
    let replaced = 0;
    for (const old of live()) {
      if (stopping) return;
      try {
        await forkHealthy();
      } catch (error) {
        return finish(false, `Reload stopped after ${replaced} of the workers: ${error.message}; the others keep serving release ${before}`);
      }
      await retire(old);
      replaced++;
      writeState();
    }
    finish(
      true,
      `Reloaded: ${replaced} worker${replaced === 1 ? '' : 's'} replaced one at a time, now on release ${now} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  };

  // A draining worker's last word before it exits (src/server/runtime/serve-lifecycle.ts): the answer tells it
  // that every connection handed to it earlier has reached it.
  cluster.on('message', (worker, message) => {
    if (message?.aurelle === 'drained' && worker.isConnected()) worker.send({ aurelle: 'bye' });
  });
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  process.on('SIGHUP', () => void reload());
  // Run by npm (`npm start`), the shop lives as long as npm does: if npm is killed outright, its child
  // is handed to init, and the shop stops rather than serve on as an orphan.
  if (process.env.npm_lifecycle_event === 'start') {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) {
        console.error(`The npm process that started the shop (${parent}) is gone: stopping`);
        stop(0);
      }
    }, 500).unref();
  }

  return new Promise((resolve) => {
    let listening = 0;
    const first = () => {
      if (++listening === count) {
        cluster.off('listening', first);
        writeState();
        resolve();
      }
    };
    cluster.on('listening', first);
    for (let i = 0; i < count; i++) fork();
  });
}
