/**
 * Requests as an attacker sends them, below fetch: chunked bodies streamed until the server answers,
 * raw request lines (malformed escapes fetch would correct), a chosen local address, and the server
 * process's resident memory (from /proc, by the pid /healthz reports).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  type: string;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Streams `total` bytes of `chunk` repeated as a chunked body (no Content-Length) and stops writing as
 * soon as the server answers: the answer, and how many bytes were written by then.
 */
export function streamChunked(
  base: string,
  path: string,
  options: { total: number; contentType: string; from?: string; headers?: Record<string, string> },
): Promise<RawAnswer & { sent: number }> {
  return new Promise((resolve, reject) => {
    const piece = Buffer.alloc(64 * 1024, 'a=');
    let sent = 0;
    let answered = false;
    const req = http.request(
      new URL(path, base),
      {
        method: 'POST',
        localAddress: options.from,
        agent: false,
        headers: { 'content-type': options.contentType, 'transfer-encoding': 'chunked', ...options.headers },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            sent,
          }),
        );
      },
    );
    // The server may close the connection once it has answered: writes after that fail, which is fine.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer within 30 s to a chunked POST ${path}`)));
    const pump = () => {
      while (!answered && sent < options.total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** One request over a fresh socket, the request line written as given (no normalising of `%` escapes). */
export function rawRequest(
  base: string,
  method: string,
  target: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; from?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: options.from });
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers = { host: url.host, connection: 'close', ...(body ? { 'content-length': String(body.length) } : {}), ...options.headers };
    socket.on('connect', () => {
      socket.write(
        `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
      );
      if (body) socket.write(body);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    // A server that answers before the body is all sent (a 413) may close while we still write: the answer counts.
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    const timeout = options.timeoutMs ?? 30_000;
    socket.setTimeout(timeout, () => socket.destroy(new Error(`no answer within ${timeout / 1000} s: ${method} ${target.slice(0, 100)}`)));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, split < 0 ? raw.length : split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const parsed: http.IncomingHttpHeaders = {};
      for (const line of head.slice(1)) {
        const at = line.indexOf(':');
        if (at > 0) parsed[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      let text = split < 0 ? '' : raw.slice(split + 4);
      if (/chunked/i.test(String(parsed['transfer-encoding'] ?? ''))) text = dechunk(text);
      resolve({ status, type: String(parsed['content-type'] ?? ''), text: Buffer.from(text, 'latin1').toString('utf8'), headers: parsed });
    });
  });
}

function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n', at);
    if (end < 0) return out;
    const size = parseInt(text.slice(at, end), 16);
    if (!size) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/** The resident memory of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** The pid of the server process answering at `base` (its /healthz says). */
export async function serverPid(base: string): Promise<number> {
  const res = await fetch(`${base}/healthz`);
  return ((await res.json()) as { pid: number }).pid;
}

/** Runs `task` for each item with at most `width` at once. */
export async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
