/**
 * Where shared pages are kept (src/server/page-cache/page-cache.ts fills it from Astro's middleware), and the
 * answer made from one. The production server (src/server/runtime/serve.ts) and the Astro app are bundled
 * apart, so the one store lives on `globalThis` under a registered symbol, and the app lends it the
 * function that reads the diamonds' generation. This file imports nothing of the app: serve.ts can
 * answer a hit before the request reaches Astro at all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiate, type Encoding } from './encoding.ts';
import { compressBest, compressFast, type Coding } from './page-compress.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '../db/outage.ts';
import { currentRequest } from '../observe/request-context.ts';

export type Bytes = Uint8Array<ArrayBuffer>;

export interface SharedPage {
  status: number;
  /** The answer's headers but its length and encoding, security headers included (HSTS aside). */
  headers: [string, string][];
  identity: Bytes;
  /** The codings asked for so far: fast at first, the best level once the page is asked for again (src/server/page-cache/page-compress.ts). */
  br?: Bytes;
  gzip?: Bytes;
  /** Whether a second request recompresses it at the best level (pages: yes; search answers: kept fast). */
  squeeze: boolean;
  /** Its bytes as counted in the store's total (set by keepPage). */
  counted?: number;
  generation: number;
  /** The route pattern that rendered it, for the log line and metrics of a hit (src/server/observe/). */
  route?: string;
  storedAt: number;
  expires: number;
}

export interface PageStore {
  entries: Map<string, SharedPage>;
  bytes: number;
  /** The diamonds' generation as of now (set by the app once it has loaded). */
  generation?: () => Promise<number>;
}

const KEY = Symbol.for('aurelle.shared-pages');
const holder = globalThis as typeof globalThis & { [KEY]?: PageStore };
export const store: PageStore = (holder[KEY] ??= { entries: new Map(), bytes: 0 });

/** The cache key: scheme, host and the path with its query, as the request names them. */
export const pageKey = (https: boolean, host: string | null | undefined, pathAndQuery: string) => `${https ? 'https' : 'http'}://${host ?? ''}${pathAndQuery}`;

/** Paths never shared: the shop API (carts, accounts), hashed assets and drawings (served their own way). */
export const isShareablePath = (path: string) => !/^\/(api|_astro|images)\//.test(path);

/**
 * The entry for this key if it is still good: unexpired, and made at this generation of the diamonds.
 * A page asked for a second time is worth its best compression: that starts now, in the background.
 */
export function freshPage(key: string, generation: number): SharedPage | undefined {
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  if (entry.expires > Date.now() && entry.generation === generation) {
    if (entry.squeeze) squeezeLater(key, entry);
    return entry;
  }
  // Kept (the next render replaces it; the store's limits bound it): while the database is out of reach
  // it is still the best answer there is (stale-if-error, below).
  return undefined;
}

const size = (e: SharedPage) => e.identity.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0);

/** Counts a change of an entry's codings in the store's total, if the store holds it. */
function recount(entry: SharedPage) {
  if (entry.counted === undefined) return;
  const now = size(entry);
  store.bytes += now - entry.counted;
  entry.counted = now;
}

/** The entry's body in this coding, compressed now at the fast level when no one asked for it before. */
export function encoded(entry: SharedPage, encoding: Encoding): Bytes {
  if (encoding === 'identity') return entry.identity;
  let body = entry[encoding];
  if (!body) {
    body = entry[encoding] = compressFast(entry.identity, encoding);
    recount(entry);
  }
  return body;
}

/**
 * Recompresses the entry's codings at the best level after this answer has gone (zlib's thread pool,
 * not the event loop), and puts them in only if the store still holds this very entry, unexpired: a
 * page re-rendered or dropped meanwhile (a diamond changed) is not brought back.
 */
function squeezeLater(key: string, entry: SharedPage) {
  entry.squeeze = false;
  setImmediate(() => {
    const codings = (['br', 'gzip'] as const).filter((c) => entry[c]);
    Promise.all(codings.map((c) => compressBest(entry.identity, c))).then(
      (bodies) => {
        if (store.entries.get(key) !== entry || entry.expires <= Date.now()) return;
        codings.forEach((c: Coding, i) => (entry[c] = bodies[i]));
        recount(entry);
      },
      () => undefined, // the fast bytes stay: still a valid answer
    );
  });
}
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

export function keepPage(key: string, entry: SharedPage): void {
  const old = store.entries.get(key);
  if (old) forgetPage(key, old);
  store.entries.set(key, entry);
  entry.counted = size(entry);
  store.bytes += entry.counted;
  // Oldest first: a Map iterates in insertion order.
  for (const [k, e] of store.entries) {
    if (store.entries.size <= MAX_ENTRIES && store.bytes <= MAX_BYTES) break;
    forgetPage(k, e);
  }
}

export function forgetPage(key: string, entry: SharedPage): void {
  store.entries.delete(key);
  store.bytes -= entry.counted ?? 0;
  entry.counted = undefined;
}

/**
 * The headers and body of an entry for a request's Accept-Encoding. A hit says so in its Age and in
 * `Server-Timing: cache;desc=hit`; a fresh render passes its own Server-Timing (src/server/page-cache/page-cache.ts).
 */
export function pageAnswer(
  entry: SharedPage,
  acceptEncoding: string | null | undefined,
  hit: boolean,
  serverTiming?: string,
): { headers: [string, string][]; body: Bytes } {
  const encoding = negotiate(acceptEncoding);
  const body = encoded(entry, encoding);
  const headers: [string, string][] = [...entry.headers, ['vary', 'Accept-Encoding'], ['content-length', String(body.length)]];
  if (encoding !== 'identity') headers.push(['content-encoding', encoding]);
  if (hit) headers.push(['age', String(Math.floor((Date.now() - entry.storedAt) / 1000))], ['server-timing', 'cache;desc=hit']);
  else if (serverTiming) headers.push(['server-timing', serverTiming]);
  return { headers, body };
}

/**
 * The production server's fast path: answers a GET for a page held in the store, current, and returns
 * true; otherwise returns false and the request goes on to Astro (which may then fill the store).
 */
export async function serveSharedPage(req: IncomingMessage, res: ServerResponse, https: boolean): Promise<boolean> {
  if (req.method !== 'GET' || req.headers.authorization || !req.url || !isShareablePath(req.url)) return false;
  const key = pageKey(https, req.headers.host, req.url);
  // Nothing held for it: no need to read the change log.
  if (!store.entries.has(key) || !store.generation) return false;
  let generation: number;
  try {
    generation = await store.generation();
  } catch (error) {
    const held = staleIfError(key, error);
    if (!held) throw error;
    noteRoute(held);
    const { headers, body } = pageAnswer(held, req.headers['accept-encoding'], true);
    for (const [name, value] of [...headers, ...STALE_HEADERS]) res.setHeader(name, value);
    res.writeHead(held.status);
    res.end(body);
    return true;
  }
  const entry = freshPage(key, generation);
  if (!entry) return false;
  noteRoute(entry);
  const { headers, body } = pageAnswer(entry, req.headers['accept-encoding'], true);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.writeHead(entry.status);
  res.end(body);
  return true;
}

/**
 * stale-if-error: with the database out of reach (the change log cannot be read, so no page can be known
 * current), a page the store still holds is served as it was, however old, saying so in
 * `Cache-Status: aurelle; hit; fwd=stale; detail=database-unavailable` and `Warning: 111` (revalidation
 * failed); its Age tells how old. Any other error is not this function's to hide.
 */
export function staleIfError(key: string, error: unknown): SharedPage | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  noteDatabaseUnavailable(error, 'page cache');
  return store.entries.get(key);
}

export const STALE_HEADERS: [string, string][] = [
  ['cache-status', 'aurelle; hit; fwd=stale; detail=database-unavailable'],
  ['warning', '111 - "Revalidation Failed"'],
];

function noteRoute(entry: SharedPage) {
  const request = currentRequest();
  if (request && entry.route) request.route = entry.route;
}
