/**
 * `npm start` with WEB_CONCURRENCY=2, as an operator runs it: two worker processes answer on one port
 * (each /healthz names its pid), a worker that dies is replaced with a log line, and SIGTERM stops the
 * whole shop cleanly. A bad WEB_CONCURRENCY stops start-up with one line naming it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { runNode } from '../support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const start = path.join(root, 'scripts/start.mjs');

/** GET /healthz on a connection of its own (the primary hands new connections to the workers in turn). */
function healthPid(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(JSON.parse(body).pid));
      })
      .on('error', reject);
  });
}

async function pidsSeen(port: number, tries = 24): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) pids.add(await healthPid(port));
  return pids;
}

describe('npm start with worker processes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-workers-'));
  let shop: ChildProcess | undefined;
  let log = '';
  afterAll(() => {
    shop?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves from two workers, replaces one that dies, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const port = await freePort();
    shop = spawn(process.execPath, [start], {
      env: {
        ...process.env,
        DATABASE_URL: path.join(dir, 'shop.db'),
        VAR_DIR: path.join(dir, 'var'),
        SEED_DIAMONDS: '200',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (d) => (log += d));
    shop.stderr!.on('data', (d) => (log += d));
    await expect.poll(() => log, { timeout: 90_000, interval: 100 }).toMatch(/The shop is open at http:\/\/localhost:\d+\/ \(2 workers\)/);

    const pids = await pidsSeen(port);
    expect(pids.size).toBe(2);
    expect(pids).not.toContain(shop.pid);

    const [victim] = pids;
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => log, { timeout: 30_000, interval: 100 }).toContain(`worker ${victim} exited (SIGKILL); starting another`);
    await expect
      .poll(async () => [...(await pidsSeen(port, 8).catch(() => new Set<number>()))].filter((p) => p !== victim).length, { timeout: 30_000, interval: 200 })
      .toBe(2);

    const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));
    shop.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('Stopping 2 workers');
    await expect(healthPid(port)).rejects.toThrow();
  });

  it('stops with one line naming WEB_CONCURRENCY when it is not a whole number from 1 to 64', async () => {
    const res = await runNode([start], { ...process.env, WEB_CONCURRENCY: 'lots', DATABASE_URL: path.join(dir, 'never.db') });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual(['WEB_CONCURRENCY must be a whole number from 1 to 64, not "lots"']);
  });
});
