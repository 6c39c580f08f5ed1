/**
 * The request being served, for every log line and metric of its work: its id (taken from the client's
 * `X-Request-Id` when it is a short token, else made here), its method and path, and the route Astro
 * matched (filled in by src/middleware.ts). The production server (src/server/runtime/serve.ts) and the Astro app
 * are bundled apart, so the one AsyncLocalStorage lives on `globalThis` under a registered symbol.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  id: string;
  method: string;
  /** The path without its query (queries can carry tokens). */
  path: string;
  /** The route pattern that served it (`/products/[slug]`), or a group: `static`, `page-cache`, `not-found`. */
  route?: string;
}

const KEY = Symbol.for('aurelle.request-context');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage: AsyncLocalStorage<RequestContext> = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/** A client's id is kept when it is 1–128 visible characters of a safe set; anything else gets a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[A-Za-z0-9._:@\/+=-]{1,128}$/.test(given) ? given : randomUUID();
}

export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

export const currentRequest = (): RequestContext | undefined => storage.getStore();
