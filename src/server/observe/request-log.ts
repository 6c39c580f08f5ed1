/**
 * One log line per request, written when its answer is finished (or the client went away): method, route,
 * status, duration, bytes sent, request id, and the path with secret-looking query values masked. The id
 * comes from the client's `X-Request-Id` (or is made), is sent back in the answer's `X-Request-Id`, and is
 * on every log line of the request's work (request-context.ts, log.ts). 404s are logged at debug level,
 * 5xx at error, the rest at info. The same figures feed the request duration histogram (metrics.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log, maskUrl } from './log.ts';
import { requestDuration, requestsTotal, responseBytes } from './metrics.ts';
import { requestIdFrom, runInRequest, type RequestContext } from './request-context.ts';

const SENT = Symbol('bytes sent');
const WRITE = Symbol('write');
const END = Symbol('end');
type Counted = ServerResponse & { [SENT]: number; [WRITE]: ServerResponse['write']; [END]: ServerResponse['end'] };

/**
 * Counts the bytes of the answer as they go out, after compression (what the client received), in
 * `res[SENT]`. The counting write and end are the same two functions for every answer, the count and
 * the methods they call kept on the answer itself. Not closures made per request: those (sharing
 * observeRequest's scope, put on `res` as its `write` and `end`) made V8 keep every request's objects
 * (its URL, headers, answer) alive through the young generation's collections and move them to the old
 * generation, where they stayed until a full collection: 10,000 distinct /_astro/ misses grew the
 * server by ~100 MB instead of ~0 (tests/api/exhaustion.test.ts).
 */
function countBytesSent(res: ServerResponse): void {
  const counted = res as Counted;
  counted[SENT] = 0;
  counted[WRITE] = res.write;
  counted[END] = res.end;
  res.write = countingWrite as typeof res.write;
  res.end = countingEnd as typeof res.end;
}

function countingWrite(this: Counted, chunk: unknown, ...rest: unknown[]): boolean {
  this[SENT] += byteLength(chunk, rest[0]);
  return (this[WRITE] as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
}

function countingEnd(this: Counted, chunk?: unknown, ...rest: unknown[]): ServerResponse {
  if (chunk && typeof chunk !== 'function') this[SENT] += byteLength(chunk, rest[0]);
  return (this[END] as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
}

export function observeRequest(req: IncomingMessage, res: ServerResponse, serve: () => void): void {
  const started = performance.now();
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const context: RequestContext = { id: requestIdFrom(req.headers['x-request-id']), method: req.method ?? 'GET', path: q === -1 ? url : url.slice(0, q) };
  res.setHeader('x-request-id', context.id);
  countBytesSent(res);
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const ms = performance.now() - started;
    const status = res.headersSent ? res.statusCode : 499;
    const route = context.route ?? routeGroup(context.path, status);
    const labels = { method: context.method, route, status: String(status) };
    requestDuration.observe(labels, ms / 1000);
    requestsTotal.inc(labels);
    const bytes = (res as Counted)[SENT];
    responseBytes.inc({ route }, bytes);
    const level = status >= 500 ? 'error' : status === 404 ? 'debug' : 'info';
    // Built only when written: a flood of 404s (logged at debug) makes no garbage of its own.
    if (log.isLevelEnabled(level))
      log[level](
        {
          reqId: context.id,
          method: context.method,
          route,
          path: maskUrl(url),
          status,
          ms: Math.round(ms * 10) / 10,
          bytes,
          aborted: !res.writableFinished || undefined,
        },
        'request',
      );
  };
  res.once('finish', done);
  res.once('close', done);
  runInRequest(context, serve);
}

/** Answers Astro never saw: hashed assets and public files, page-cache hits (which know their route), unknown paths. */
function routeGroup(path: string, status: number): string {
  if (status === 404) return 'not-found';
  if (path.startsWith('/_astro/') || /\.[a-z0-9]{2,5}$/i.test(path)) return 'static';
  return 'other';
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

/**
 * Everything the shop's modules write with console.* goes to the JSON log too (at info, warn or error),
 * with the request id when written during a request, so that stdout holds nothing but JSON lines.
 */
export function routeConsoleToLog(): void {
  const format = (args: unknown[]) => {
    const error = args.find((a) => a instanceof Error) as Error | undefined;
    const text = args
      .filter((a) => a !== error)
      .map((a) => (typeof a === 'string' ? a : inspectShort(a)))
      .join(' ');
    return { error, text: text || error?.message || '' };
  };
  const to =
    (fallback: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const { error, text } = format(args);
      const level = levelOf(text) ?? fallback;
      if (error) log[level]({ err: error }, text);
      else log[level](text);
    };
  console.log = to('info');
  console.info = to('info');
  console.warn = to('warn');
  console.error = to('error');
  console.debug = to('debug');
}

function inspectShort(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Astro's logger writes `HH:MM:SS [WARN] [label] message`: its level is kept. A page's content entry not
 * found is a 404 (debug), which any client can cause at will.
 */
function levelOf(text: string): 'debug' | 'info' | 'warn' | 'error' | undefined {
  const match = /^(?:\S+ )?\[(DEBUG|INFO|WARN|ERROR)\] (\[[^\]]+\] )?/.exec(text);
  if (!match) return undefined;
  if (/ was not found\.?$/.test(text) && match[2] === '[content] ') return 'debug';
  return match[1]!.toLowerCase() as 'debug' | 'info' | 'warn' | 'error';
}
