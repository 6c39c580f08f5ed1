/**
 * Starts the production build (dist/) on a fresh database: `cli.mjs prepare` migrates and seeds it,
 * then `dist/server/serve.mjs` (the production server) serves on a free loopback port. Used by the API suites and Playwright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, type TestDbKind } from './databases.ts';
import { freePort } from './free-port.ts';

export { freePort };

const root = path.resolve(import.meta.dirname, '../..');

export interface TestServer {
  kind: TestDbKind;
  url: string;
  databaseUrl: string;
  database: TestDatabase;
  stop(): Promise<void>;
  /** Kills the server process at once (SIGKILL: no shutdown, no flushing) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same database and port (after kill or stop). */
  restart(): Promise<void>;
}

export interface StartOptions {
  diamonds?: number;
  env?: Record<string, string>;
  port?: number;
  /** Another server's database: a second app server on it (not dropped by this server's stop()). */
  sharing?: TestServer;
}

export async function startServer(kind: TestDbKind, options: StartOptions = {}): Promise<TestServer> {
  const database = options.sharing ? { ...options.sharing.database, drop: async () => undefined } : await createTestDatabase(kind);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    // The suites rely on the demo shop's catalogue and coupons: ask for it (a production start has none).
    SHOP_DEMO: '1',
    SEED_DIAMONDS: String(options.diamonds ?? 3000),
    VAR_DIR: path.join(database.dir, 'var'),
    ASTRO_TELEMETRY_DISABLED: '1',
    // Every JSON answer is checked against its endpoint's declared schema (src/server/endpoint/route.ts).
    CHECK_ANSWERS: '1',
    ...options.env,
  };
  // Not spawnSync: the PostgreSQL this database lives on may be served by this very process (pg-wire.ts).
  const prepare = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'prepare'], env);
  if (prepare.status !== 0) throw new Error(`prepare failed on ${kind}:\n${prepare.output}`);

  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const child = spawn(process.execPath, [path.join(root, 'dist/server/serve.mjs')], {
      // SITE_URL: links in e-mail point at this server unless the caller says otherwise.
      env: { SITE_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    await waitForHealth(url, child, () => log);
    return child;
  };
  let child = await launch();
  return {
    kind,
    url,
    databaseUrl: database.url,
    database,
    async stop() {
      await stopChild(child);
      await database.drop();
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    async restart() {
      await stopChild(child);
      child = await launch();
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not become healthy:\n${log()}`);
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Runs a Node script to its end without blocking this process's event loop. */
export function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (d) => ((stdout += d), (output += d)));
    child.stderr.on('data', (d) => ((stderr += d), (output += d)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, output }));
  });
}
