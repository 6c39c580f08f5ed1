/**
 * The production server's life around its handler (src/server/runtime/serve.ts): it listens only once it is
 * healthy, it says in one line when its port is taken, it drains without resets on SIGTERM, and it holds
 * a lease on the release it runs from so that a later build does not delete it (scripts/build-lib.mjs).
 *
 * - Ready before listening: the server answers its own `GET /healthz` on a private loopback port first
 *   (an exclusive listener, not the workers' shared one), so a new worker of a reload takes no shopper's
 *   request before it can serve them, and the primary's `listening` event means "healthy".
 * - Draining (SIGTERM or SIGINT): stop listening; every answer from then on carries `Connection: close`
 *   (those already under way too, when their headers have not left yet), so their sockets close as the
 *   answer ends; keep-alive sockets idle are closed after a 500 ms grace (a request already on its way on
 *   one is answered rather than reset); requests in flight finish; the process
 *   exits when the last connection is gone, or after SHUTDOWN_TIMEOUT_SECONDS (default 10) at most.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { env } from '../config/env.ts';

/** A worker whose port is taken exits with this code; the primary then stops with one line (scripts/workers.mjs). */
export const EXIT_PORT_IN_USE = 98;
/** A worker that never became healthy exits with this code (a reload then keeps the old workers). */
export const EXIT_NOT_HEALTHY = 97;

const shutdownTimeoutMs = () => Math.round(env('SHUTDOWN_TIMEOUT_SECONDS') * 1000);
const readyTimeoutMs = () => Math.round(env('READY_TIMEOUT_SECONDS') * 1000);

/** How long a connection idle when the drain begins may still bring a request already on its way. */
const IDLE_GRACE_MS = 500;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface Drainable {
  /** The request listener to give the server: marks answers `Connection: close` once draining. */
  listener: Listener;
  /** Starts draining `server` (idempotent); exits the process when done or at the time-out. */
  drain(server: Server): void;
}

export function drainable(inner: Listener, timeoutMs = shutdownTimeoutMs()): Drainable {
  let stopping = false;
  let server: Server | undefined;
  // biome-ignore lint/correctness/noUnusedVariables: read by the `??=` below (one pending check at a time)
  let idleCheck: NodeJS.Timeout | undefined;
  const open = new Set<ServerResponse>();
  /**
   * Closes the connections idle IDLE_GRACE_MS from now. Not at once: a keep-alive client may have sent its
   * next request already, and closing under it is a reset; in the grace it arrives and is answered (with
   * `Connection: close`). setImmediate runs after the event loop has read what arrived meanwhile.
   */
  const closeIdleSoon = () => {
    idleCheck ??= setTimeout(() => {
      idleCheck = undefined;
      setImmediate(() => server?.closeIdleConnections());
    }, IDLE_GRACE_MS);
  };
  const listener: Listener = (req, res) => {
    if (stopping) res.setHeader('connection', 'close');
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      // An answer under way when the drain began may have left keep-alive: its socket is idle now.
      if (stopping && !res.getHeader('connection')) closeIdleSoon();
    });
    inner(req, res);
  };
  const drain = (target: Server) => {
    if (stopping) return;
    stopping = true;
    server = target;
    for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    // net.Server's close: stop listening (a cluster worker: the primary hands it no new connections) and
    // call back once the last connection has gone. http.Server's own close would also close the idle
    // keep-alive connections at once, resetting a request already on its way on one of them.
    net.Server.prototype.close.call(target, exitWhenSettled);
    closeIdleSoon();
    setTimeout(() => {
      console.error(`Stopped after SHUTDOWN_TIMEOUT_SECONDS (${timeoutMs / 1000} s) with ${open.size} request${open.size === 1 ? '' : 's'} unfinished`);
      target.closeAllConnections();
      process.exit(0);
    }, timeoutMs).unref();
  };
  return { listener, drain };
}

/**
 * Exits once the last connection has gone. A cluster worker first makes a round trip to the primary: the
 * primary may have handed it a connection just before it learnt that this worker stopped listening, and
 * a worker that exits with that hand-over unread strands the connection in the primary for good (Node's
 * round-robin waits for the worker's answer). Messages keep their order, so once the primary's `bye`
 * has arrived every such hand-over has been read and refused, and the primary gives it to another worker.
 */
function exitWhenSettled(): void {
  if (!cluster.isWorker || !process.send) process.exit(0);
  process.on('message', (message: { aurelle?: string } | null) => {
    if (message?.aurelle === 'bye') setTimeout(() => process.exit(0), 50);
  });
  process.send!({ aurelle: 'drained' });
  // A primary that does not answer (gone) does not keep this worker.
  setTimeout(() => process.exit(0), 2000).unref();
}

/**
 * Answers `GET /healthz` through `listener` on a private loopback port until it is 200. Throws with the
 * last answer after READY_TIMEOUT_SECONDS (default 120).
 */
export async function becomeHealthy(listener: Listener, timeoutMs = readyTimeoutMs()): Promise<void> {
  const probe = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve);
  });
  const { port } = probe.address() as AddressInfo;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        const body = await res.text();
        if (res.ok) return;
        last = `${res.status} ${body.slice(0, 200)}`;
      } catch (error) {
        last = (error as Error).message;
      }
      if (Date.now() > deadline) throw new Error(`The server was not healthy after ${timeoutMs / 1000} s: /healthz answered ${last}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    probe.closeAllConnections();
    probe.close();
  }
}

/** Listens on the shop's port; a port in use stops this process with one line (a worker: exit code only). */
export function listen(server: Server, port: number, host: string, onListening: () => void): void {
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
    if (!cluster.isWorker) console.error(portProblem(port, host, error.code));
    process.exit(EXIT_PORT_IN_USE);
  });
  server.listen(port, host, onListening);
}

export function portProblem(port: number, host: string, code = 'EADDRINUSE'): string {
  return code === 'EACCES'
    ? `PORT ${port} on ${host} cannot be opened by this user: choose a port above 1023 or set PORT`
    : `PORT ${port} on ${host} is already in use: stop what listens there or set PORT`;
}

/**
 * Marks the release this server runs from (releases/<id>/, through dist → releases/<id>) as in use by
 * this process, so that `npm run build` does not delete it while it serves; removed at exit.
 */
export function leaseRelease(serverDir: string): void {
  const release = path.dirname(serverDir);
  if (!path.basename(path.dirname(release)).startsWith('releases')) return;
  const lease = path.join(release, 'in-use', String(process.pid));
  try {
    fs.mkdirSync(path.dirname(lease), { recursive: true });
    fs.writeFileSync(lease, '');
    process.once('exit', () => fs.rmSync(lease, { force: true }));
  } catch {
    // A read-only release folder: the build keeps the newest releases anyway.
  }
}
