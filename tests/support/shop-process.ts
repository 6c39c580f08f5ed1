/**
 * `npm start` as an operator runs it (scripts/start.mjs: the primary and its workers), for the suites that
 * stop, reload or signal the shop itself: its log, its primary's pid and its state file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  url: string;
  log(): string;
  /** The primary's state file (scripts/workers.mjs): pid, release, workers, last reload. */
  state(): { pid: number; release: string; workers: number[]; reload: { seq: number; ok: boolean | null; message: string } | null };
  /** Resolves with the exit code (or signal) and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Spawns `command` (default: node scripts/start.mjs) and waits for "The shop is open". */
export async function startShop(options: { port: number; env: NodeJS.ProcessEnv; varDir: string; command?: string[] }): Promise<ShopProcess> {
  const [file, ...args] = options.command ?? [process.execPath, path.join(root, 'scripts/start.mjs')];
  const child = spawn(file!, args, {
    cwd: root,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      SEED_DIAMONDS: '200',
      SHOP_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      VAR_DIR: options.varDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const shop: ShopProcess = {
    child,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    log: () => log,
    state: () => JSON.parse(fs.readFileSync(path.join(options.varDir, 'run', `shop-${options.port}.json`), 'utf8')),
    exited,
  };
  await expect.poll(() => (child.exitCode !== null ? `exited: ${log}` : log), { timeout: 120_000, interval: 100 }).toMatch(/The shop is open at /);
  return shop;
}

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
