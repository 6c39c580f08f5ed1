/**
 * A shared cache for pages that are the same for every shopper: home, content pages, listings and the
 * diamond and product pages, and the catalogue's GET answers (`{api}/api/diamonds`, `{api}/products`
 * and their details). Such a page or endpoint opts in from its frontmatter with `sharePage(Astro.locals)`;
 * it must not read cookies, the session or the customer (the header's cart and wishlist badges are
 * filled in by the browser, so the shell qualifies).
 *
 * An entry is the rendered answer, compressed fast in the coding its first requester takes and again at
 * the best level once it is asked for a second time (src/server/page-cache/page-compress.ts), kept for SHARED_PAGE_SECONDS,
 * and dropped as soon as any diamond changed since it was rendered (added, repriced, reserved, sold:
 * the diamond index's generation, read fresh on every hit) or any product changed (an import: the jewellery's
 * revision, read with it). Content changes only with a deploy, which the short lifetime covers. Requests for the same page while it renders wait
 * for that one render instead of rendering it again. The production server answers hits before Astro
 * (src/server/page-cache/page-store.ts); this middleware step answers them when it runs alone (astro dev, tests
 * on entry.mjs) and fills the store.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { getDb } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { currentDiamondGeneration } from '../diamonds/diamond-sync.ts';
import { catalogRevision } from '../search/search.service.ts';
import { isHttps, withSecurityHeaders } from '../security/headers.ts';
import { negotiate } from './encoding.ts';
import { encoded, freshPage, keepPage, pageAnswer, pageKey, STALE_HEADERS, staleIfError, store, type SharedPage } from './page-store.ts';

export const SHARED_PAGE_SECONDS = 30;

/**
 * The diamonds' generation and the jewellery's revision (migration 0016: any write to products, variants,
 * photographs …, as a product import makes) in one number. Both only grow, so a later state gives a
 * larger number, never an earlier one's: a cached page is dropped as soon as either moved.
 */
store.generation = async () => {
  const db = await getDb();
  const [diamonds, jewellery] = await Promise.all([currentDiamondGeneration(db), jewelleryRevision(db)]);
  return diamonds * 1_000_003 + jewellery;
};

/**
 * The jewellery's revision, one query shared by every hit that asks while it runs: without it each cache hit
 * took a pool connection, and 200 pages in flight on PostgreSQL queued /healthz past its 2 s.
 */
let revisionRead: Promise<number> | undefined;
function jewelleryRevision(db: Awaited<ReturnType<typeof getDb>>): Promise<number> {
  revisionRead ??= catalogRevision(db).finally(() => {
    revisionRead = undefined;
  });
  return revisionRead;
}

const rendering = new Map<string, Promise<SharedPage | undefined>>();
/** Set per request by the production server, which answers these itself; not kept with the page. */
const PER_REQUEST = new Set(['strict-transport-security', 'content-length', 'content-encoding', 'vary', 'age', 'server-timing']);

/** Called by a page that is the same for every shopper, so that the middleware may share it. */
export function sharePage(locals: App.Locals): void {
  locals.sharedPage = true;
}

function answer(entry: SharedPage, request: Request, hit: boolean, serverTiming?: string): Response {
  const { headers, body } = pageAnswer(entry, request.headers.get('accept-encoding'), hit, serverTiming);
  return new Response(body, { status: entry.status, headers });
}

/**
 * `Server-Timing` of a render, in ms: changes (the change-log read that says whether a held page is
 * current), the parts the page noted (the diamond search: sync, index, rows), render (the rest: Astro,
 * the islands' HTML and props), compress, total. A hit says `cache;desc=hit` instead (page-store.ts).
 */
function serverTiming(parts: Record<string, number>, total: number): string {
  return [...Object.entries(parts), ['total', total] as const].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
}

async function render(context: APIContext, next: MiddlewareNext, generation: number, started: number): Promise<{ response: Response; entry?: SharedPage }> {
  const { request, url, locals } = context;
  const timing = (locals.timing ??= {});
  const response = await next();
  if (!locals.sharedPage || response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding')) return { response };
  const secured = withSecurityHeaders(response, request, url);
  const identity = new Uint8Array(await secured.arrayBuffer());
  const rendered = performance.now();
  // What the page's own steps took is theirs; the rest of the render (Astro, the islands' HTML) is "render".
  timing.render = rendered - started - Object.values(timing).reduce((a, b) => a + b, 0);
  const entry: SharedPage = {
    status: secured.status,
    headers: [...secured.headers].filter(([name]) => !PER_REQUEST.has(name)),
    identity,
    // Pages are kept and asked again: recompressed at the best level on the second request. Search
    // answers are many and short-lived: the fast level is their last.
    squeeze: secured.headers.get('content-type')?.startsWith('text/html') ?? false,
    generation,
    route: context.routePattern,
    storedAt: Date.now(),
    expires: Date.now() + SHARED_PAGE_SECONDS * 1000,
  };
  // Only the coding this requester takes, at a fast level (src/server/page-cache/page-compress.ts).
  encoded(entry, negotiate(request.headers.get('accept-encoding')));
  const done = performance.now();
  timing.compress = done - rendered;
  return { response: answer(entry, request, false, serverTiming(timing, done - started)), entry };
}

/**
 * Middleware step for pages: answers from the store when it holds this page, current, else renders it
 * (once, however many ask at the same time) and keeps it when the page opted in.
 */
export async function sharedPage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url } = context;
  if (request.method !== 'GET' || request.headers.has('authorization')) return next();
  const started = performance.now();
  const key = pageKey(isHttps(url, null), request.headers.get('host') ?? url.host, url.pathname + url.search);
  // One read of the change log: whether a held page is current, and what a new render is made from.
  let generation: number;
  try {
    generation = await store.generation!();
  } catch (error) {
    const held = staleIfError(key, error);
    // Nothing held: the route answers for itself (/healthz its 503 JSON, a page its 503), uncached.
    if (!held) {
      if (isDatabaseUnavailable(error)) return next();
      throw error;
    }
    const stale = answer(held, request, true);
    for (const [name, value] of STALE_HEADERS) stale.headers.set(name, value);
    return stale;
  }
  context.locals.timing = { changes: performance.now() - started };
  const hit = freshPage(key, generation);
  if (hit) return answer(hit, request, true);

  const pending = rendering.get(key);
  if (pending) {
    const entry = await pending;
    if (entry) return answer(entry, request, true);
    return next();
  }
  let settle!: (entry: SharedPage | undefined) => void;
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  try {
    const { response, entry } = await render(context, next, generation, started);
    if (entry) keepPage(key, entry);
    settle(entry);
    return response;
  } catch (error) {
    settle(undefined);
    throw error;
  } finally {
    rendering.delete(key);
  }
}
