/**
 * A shared cache for pages that are the same for every shopper: home, content pages, listings and the
 * diamond and product pages. Such a page opts in from its frontmatter with `sharePage(Astro.locals)`;
 * it must not read cookies, the session or the customer (the header's cart and wishlist badges are
 * filled in by the browser, so the shell qualifies).
 *
 * An entry is the rendered answer, compressed once with brotli and gzip, kept for SHARED_PAGE_SECONDS,
 * and dropped as soon as any diamond changed since it was rendered (added, repriced, reserved, sold:
 * the diamond index's generation, read fresh on every hit). Products and content change only with a
 * deploy or a seed, which the short lifetime covers. Requests for the same page while it renders wait
 * for that one render instead of rendering it again.
 */
import zlib from 'node:zlib';
import type { APIContext, MiddlewareNext } from 'astro';
import { getDb } from './db/database.ts';
import { currentDiamondGeneration } from './diamonds/diamond-sync.ts';

export const SHARED_PAGE_SECONDS = 30;
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;

interface Entry {
  status: number;
  headers: [string, string][];
  identity: Bytes;
  br: Bytes;
  gzip: Bytes;
  generation: number;
  storedAt: number;
  expires: number;
}

const entries = new Map<string, Entry>();
const rendering = new Map<string, Promise<Entry | undefined>>();
let bytes = 0;

/** Called by a page that is the same for every shopper, so that the middleware may share it. */
export function sharePage(locals: App.Locals): void {
  locals.sharedPage = true;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** br before gzip, as browsers send both; `q=0` refuses a coding. */
function negotiate(accept: string | null): Encoding {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

/** The page for this request's Accept-Encoding; from the cache, with its Age as a shared cache gives it. */
function answer(entry: Entry, request: Request, hit: boolean): Response {
  const encoding = negotiate(request.headers.get('accept-encoding'));
  const headers = new Headers(entry.headers);
  if (hit) headers.set('age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
  headers.set('vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  const body = entry[encoding];
  headers.set('content-length', String(body.length));
  return new Response(body, { status: entry.status, headers });
}

function remember(key: string, entry: Entry): void {
  const old = entries.get(key);
  if (old) forget(key, old);
  entries.set(key, entry);
  bytes += entry.identity.length + entry.br.length + entry.gzip.length;
  // Oldest first: a Map iterates in insertion order.
  for (const [k, e] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    forget(k, e);
  }
}

function forget(key: string, entry: Entry): void {
  entries.delete(key);
  bytes -= entry.identity.length + entry.br.length + entry.gzip.length;
}

async function render(context: APIContext, next: MiddlewareNext, generation: number): Promise<{ response: Response; entry?: Entry }> {
  const response = await next();
  if (!context.locals.sharedPage || response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding')) return { response };
  const identity = new Uint8Array(await response.arrayBuffer());
  const entry: Entry = {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== 'content-length'),
    identity,
    br: new Uint8Array(zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })),
    gzip: new Uint8Array(zlib.gzipSync(identity, { level: 9 })),
    generation,
    storedAt: Date.now(),
    expires: Date.now() + SHARED_PAGE_SECONDS * 1000,
  };
  return { response: answer(entry, context.request, false), entry };
}

/**
 * Middleware step for pages: answers from the cache when it holds this page, current, else renders it
 * (once, however many ask at the same time) and keeps it when the page opted in.
 */
export async function sharedPage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url } = context;
  if (request.method !== 'GET' || request.headers.has('authorization')) return next();
  const key = url.href;
  const generation = await currentDiamondGeneration(await getDb());
  const hit = entries.get(key);
  if (hit && hit.generation === generation && hit.expires > Date.now()) return answer(hit, request, true);
  if (hit) forget(key, hit);

  const pending = rendering.get(key);
  if (pending) {
    const entry = await pending.catch(() => undefined);
    if (entry) return answer(entry, request, true);
    return next();
  }
  let settle!: (entry: Entry | undefined) => void;
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  try {
    const { response, entry } = await render(context, next, generation);
    if (entry) remember(key, entry);
    settle(entry);
    return response;
  } catch (error) {
    settle(undefined);
    throw error;
  } finally {
    rendering.delete(key);
  }
}

/** Empties the cache (tests, and a running shop whose products were re-seeded). */
export function clearSharedPages(): void {
  entries.clear();
  bytes = 0;
}
