/**
 * A PostgreSQL server for a test run on a machine that has none: an in-memory PGlite served over the
 * PostgreSQL wire protocol on a loopback port, so that the test process and the shop's server process reach
 * one database through `postgres://`, exactly as they reach a real server.
 *
 * PGlite has a single backend. Connections take turns a whole exchange at a time: a connection holds the
 * backend from its first message until PostgreSQL says it is idle again (ReadyForQuery with status 'I').
 * So a transaction, or an extended-protocol exchange (Parse, Bind, Execute, Sync), never interleaves with
 * another connection's; the others queue in arrival order. A connection that goes away in the middle of one
 * has it rolled back, as PostgreSQL does when a client dies.
 *
 * The port is the one the kernel hands this listening socket, kept open for the run: unique by construction.
 */
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';

export interface WireServer {
  url: string;
  close(): Promise<void>;
  /**
   * Stops serving as a PostgreSQL shutting down does: every connection is told `FATAL 57P01 terminating
   * connection due to administrator command` and closed, and new ones are refused; the data stays.
   */
  stop(): Promise<void>;
  /** Serves again on the same port (after stop), with the same data. */
  start(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSSENC_REQUEST = 80877104;

type Turn = { resolve: () => void; conn: object };

export async function servePglite(): Promise<WireServer> {
  const db = await PGlite.create();
  let owner: object | null = null;
  const queue: Turn[] = [];
  const acquire = (conn: object) =>
    owner === conn ? Promise.resolve() : owner === null ? ((owner = conn), Promise.resolve()) : new Promise<void>((resolve) => queue.push({ resolve, conn }));
  const release = (conn: object) => {
    if (owner !== conn) return;
    const next = queue.shift();
    owner = next ? next.conn : null;
    next?.resolve();
  };
  const exec = (message: Uint8Array) => db.execProtocolRaw(message, { syncToFs: false });

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const conn = {};
    let buffer = Buffer.alloc(0);
    let started = false;
    let chain = Promise.resolve();
    const later = (step: () => Promise<void> | void) => {
      chain = chain.then(step).catch((error) => {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    };

    /**
     * Rolls back whatever this connection left open, then lets the next one in. It runs after the
     * connection's own turns (one chain), so a connection that is not the owner by then holds nothing.
     */
    const leave = async () => {
      if (owner !== conn) return;
      await exec(message('S'));
      if (db.isInTransaction()) await exec(message('Q', Buffer.from('ROLLBACK\0')));
      release(conn);
    };

    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const packet = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) later(() => void socket.write('N'));
          else if (code === CANCEL_REQUEST) later(() => void socket.end());
          else {
            started = true;
            later(() => turn(packet));
          }
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1) + 1;
        if (buffer.length < length) return;
        const packet = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (packet[0] === 0x58 /* Terminate */) {
          later(async () => {
            await leave();
            socket.end();
          });
          return;
        }
        later(() => turn(packet));
      }
    });

    const turn = async (packet: Buffer) => {
      await acquire(conn);
      if (socket.destroyed) return;
      const out = await exec(new Uint8Array(packet));
      if (!socket.destroyed && out.length > 0) socket.write(out);
      if (readyStatus(out) === 'I') release(conn);
    };

    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      later(leave);
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  let listening = true;
  const stopListening = async () => {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      for (const s of sockets) s.destroy();
      await stopListening();
      await db.close();
    },
    async stop() {
      const closing = stopListening();
      for (const s of sockets) s.end(adminShutdown());
      await closing;
    },
    async start() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
  };
}

/** The ErrorResponse a PostgreSQL shutting down sends each client before closing its connection. */
function adminShutdown(): Buffer {
  const fields = [
    ['S', 'FATAL'],
    ['V', 'FATAL'],
    ['C', '57P01'],
    ['M', 'terminating connection due to administrator command'],
  ];
  const body = Buffer.concat([...fields.map(([k, v]) => Buffer.from(`${k}${v}\0`)), Buffer.from([0])]);
  return Buffer.from(message('E', body));
}

/** A typed front-end message: its type byte, its length, its body. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Uint8Array {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return new Uint8Array(out);
}

/** The status of the last ReadyForQuery in a backend answer ('I' idle, 'T' in a transaction, 'E' failed one). */
function readyStatus(out: Uint8Array): string | undefined {
  const view = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  let status: string | undefined;
  for (let at = 0; at + 5 <= view.length; ) {
    const length = view.readInt32BE(at + 1);
    if (view[at] === 0x5a /* ReadyForQuery */) status = String.fromCharCode(view[at + 5]!);
    at += 1 + length;
  }
  return status;
}
