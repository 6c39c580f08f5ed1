/**
 * Stopping the shop as an operator does: SIGTERM drains without resets and exits within
 * SHUTDOWN_TIMEOUT_SECONDS; SIGTERM to the `npm start` process itself stops the shop and frees its port;
 * a port already in use stops start-up with one line naming it. Graceful shutdown involves no database:
 * SQLite only.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { runNode } from '../support/server.ts';
import { alive, startShop, type ShopProcess } from '../support/shop-process.ts';
import { band } from '../support/checkout.ts';
import { sizeOf } from '../support/catalog-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
const shops: ShopProcess[] = [];
afterAll(() => {
  for (const shop of shops) shop.child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function shopOn(name: string, env: NodeJS.ProcessEnv = {}, command?: string[]) {
  const port = await freePort();
  const shop = await startShop({
    port,
    varDir: path.join(dir, name, 'var'),
    env: { DATABASE_URL: path.join(dir, `${name}.db`), WEB_CONCURRENCY: '1', ...env },
    command,
  });
  shops.push(shop);
  return shop;
}

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
}

/** One keep-alive connection asking again and again until an answer says `Connection: close`. */
async function keepAliveClient(shop: ShopProcess, paths: string[]): Promise<Outcome[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const outcomes: Outcome[] = [];
  try {
    for (let i = 0; ; i++) {
      const outcome = await new Promise<Outcome>((resolve) => {
        http
          .get({ host: '127.0.0.1', port: shop.port, path: paths[i % paths.length], agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
          })
          .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
      outcomes.push(outcome);
      if (outcome.error || outcome.connection === 'close') return outcomes;
    }
  } finally {
    agent.destroy();
  }
}

/** A POST whose body is sent in two halves; `rest()` sends the second half, `answer` is what came back. */
function slowPost(shop: ShopProcess, path: string, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port: shop.port,
    path,
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<Outcome>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return {
    answer,
    rest: () => req.end(body.slice(half)),
    started: new Promise<void>((r) => req.once('socket', (s) => s.once('connect', () => setTimeout(r, 200)))),
  };
}

/** A raw keep-alive connection that asked once and now sits idle; resolves how it ended. */
async function idleConnection(shop: ShopProcess) {
  const socket = net.connect(shop.port, '127.0.0.1');
  let received = '';
  let error: string | undefined;
  socket.on('data', (d) => (received += d));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  const ended = new Promise<{ error?: string; at: number }>((resolve) => socket.once('close', () => resolve({ error, at: Date.now() })));
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\n\r\n`);
  await expect.poll(() => received, { timeout: 10_000 }).toMatch(/"status":"ok"/);
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  expect(received).not.toMatch(/connection: close/i);
  return ended;
}

describe('stopping the shop', () => {
  it('SIGTERM: keep-alive clients see no reset, answers carry Connection: close, a request in flight finishes, idle sockets close, and the process exits well within SHUTDOWN_TIMEOUT_SECONDS', {
    timeout: 180_000,
  }, async () => {
    const shop = await shopOn('drain', { SHUTDOWN_TIMEOUT_SECONDS: '6' });
    const idle = await idleConnection(shop);
    const post = slowPost(
      shop,
      '/api/checkout/cart/add',
      JSON.stringify({ ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, ...sizeOf(band.id) }),
    );
    await post.started;
    const clients = Array.from({ length: 8 }, (_, i) => keepAliveClient(shop, i % 2 ? ['/healthz', '/cart'] : ['/cart', '/book-appointment']));
    // Every client has had some answers on its connection before the signal.
    await new Promise((r) => setTimeout(r, 1500));
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    // The upload in flight finishes after the drain began (and after the idle grace).
    await new Promise((r) => setTimeout(r, 1500));
    post.rest();
    expect(await post.answer).toEqual({ status: 200, connection: 'close' });
    for (const outcomes of await Promise.all(clients)) {
      expect(outcomes.length).toBeGreaterThan(1);
      expect(outcomes.filter((o) => o.error)).toEqual([]);
      expect(outcomes.every((o) => o.status === 200)).toBe(true);
      expect(outcomes.at(-1)!.connection).toBe('close');
    }
    const closed = await idle;
    expect(closed.error).toBeUndefined();
    // Idle keep-alive connections are closed after a 500 ms grace.
    expect(closed.at - signalled).toBeLessThan(3000);
    const exit = await shop.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(6000);
    expect(shop.log()).toContain('Stopping 1 worker: requests in flight finish first');
    expect(shop.log()).not.toContain('unfinished');
  });

  it('a request that never finishes holds the exit only until SHUTDOWN_TIMEOUT_SECONDS', { timeout: 120_000 }, async () => {
    const shop = await shopOn('stuck', { SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const post = slowPost(shop, '/api/checkout/cart/add', JSON.stringify({ ids: [band.id], quantity: 1 }));
    await post.started;
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    const exit = await shop.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(1900);
    expect(exit.at - signalled).toBeLessThan(3500);
    expect(shop.log()).toContain('Stopped after SHUTDOWN_TIMEOUT_SECONDS (2 s) with 1 request unfinished');
    expect((await post.answer).error).toBeDefined();
  });

  it('SIGTERM to the npm start process stops the primary and its workers and frees the port', { timeout: 180_000 }, async () => {
    const shop = await shopOn('npm', { WEB_CONCURRENCY: '2' }, ['npm', 'start']);
    const { pid, workers } = shop.state();
    expect(workers).toHaveLength(2);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    await shop.exited;
    await expect
      .poll(
        () =>
          new Promise((resolve) =>
            net
              .connect(shop.port, '127.0.0.1')
              .once('connect', function (this: net.Socket) {
                this.destroy();
                resolve('open');
              })
              .once('error', (e: NodeJS.ErrnoException) => resolve(e.code)),
          ),
        { timeout: 15_000, interval: 100 },
      )
      .toBe('ECONNREFUSED');
    expect(Date.now() - signalled).toBeLessThan(12_000);
    for (const p of [pid, ...workers]) expect(alive(p)).toBe(false);
  });

  it('a port already in use stops start-up with one line naming it', { timeout: 60_000 }, async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const res = await runNode([path.join(root, 'scripts/start.mjs')], {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: path.join(dir, 'never.db'),
        VAR_DIR: path.join(dir, 'never'),
      });
      expect(res.status).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toEqual([`PORT ${port} on 127.0.0.1 is already in use: stop what listens there or set PORT`]);
      expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
    } finally {
      taken.close();
    }
  });
});
