import { STATUS_CODES } from 'node:http';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { whenReady } from './server/runtime/boot.ts';
import { errorResponse, HttpError, MAX_BODY_BYTES, notFound } from './server/endpoint/http.ts';
import { isForeignOrigin } from './server/security/origin.ts';
import { loadCustomer } from './server/accounts/session.ts';
import { shopperOf } from './server/shopper/shopper.ts';
import { withSecurityHeaders } from './server/security/headers.ts';
import { sharedPage } from './server/page-cache/page-cache.ts';
import { isShareablePath } from './server/page-cache/page-store.ts';
import { ADMIN_IMPORT_PATH } from './server/feeds/import.http.ts';
import { isPhotoUploadPath, PRODUCT_IMPORT_PATH } from './server/product-feed/paths.ts';
import { duringRequest } from './server/runtime/request-time.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable, RETRY_AFTER_SECONDS } from './server/db/outage.ts';
import { currentRequest } from './server/observe/request-context.ts';
import { guardBackOffice, isBackOfficePath } from './server/staff/page-guard.ts';

// Every answer, early refusals included, leaves with the security headers (src/server/security/headers.ts).
export const onRequest = defineMiddleware((context, next) =>
  duringRequest(async () => withSecurityHeaders(withStatusText(await answer(context, next)), context.request, context.url)),
);

/**
 * The route that served the request, for its log line and metrics (src/server/observe/), and a database
 * out of reach answered 503 with Retry-After, JSON for the API, a short page otherwise, never a 500.
 */
async function answer(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const request = currentRequest();
  if (request) request.route = context.routePattern;
  try {
    return await serve(context, next);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const { pathname } = context.url;
    if (pathname.startsWith('/api/') || pathname.startsWith('/catalog/') || pathname === '/healthz') return errorResponse(error);
    noteDatabaseUnavailable(error, 'request');
    return new Response(UNAVAILABLE_PAGE, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
    });
  }
}

const UNAVAILABLE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment</title></head>' +
  '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1b1b1b"><h1>Back in a moment</h1><p>The shop is briefly unavailable. Please try again in a few seconds.</p></body></html>';

/** A page that sets its own status (the not-found screen's 404) leaves Astro as "404 OK": give it its own words ("404 Not Found"). */
function withStatusText(response: Response): Response {
  if (response.status === 200 || (response.statusText && response.statusText !== 'OK')) return response;
  const statusText = STATUS_CODES[response.status];
  if (!statusText) return response;
  return new Response(response.body, { status: response.status, statusText, headers: response.headers });
}

async function serve(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url } = context;
  const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/catalog/');
  if (isForeignOrigin(request, url)) {
    const error = new HttpError(403, 'Requests from another site are not allowed', 'foreign_origin');
    return isApi ? errorResponse(error) : new Response(error.message, { status: 403 });
  }
  // A NUL byte names nothing in this shop, and PostgreSQL text cannot hold one: refuse it at the door.
  if (/%00/.test(url.pathname + url.search)) {
    const error = new HttpError(400, 'The address contains a NUL character', 'bad_request');
    return isApi ? errorResponse(error) : new Response(error.message, { status: 400 });
  }
  // The stock-file import streams bodies far beyond 1 MB and enforces its own limit (src/server/feeds/import.http.ts); a photo upload holds to PHOTO_UPLOAD_MAX_BYTES.
  if (
    isApi &&
    url.pathname !== ADMIN_IMPORT_PATH &&
    url.pathname !== PRODUCT_IMPORT_PATH &&
    !isPhotoUploadPath(url.pathname, request.headers.get('content-type')) &&
    Number(request.headers.get('content-length')) > MAX_BODY_BYTES
  ) {
    return errorResponse(new HttpError(413, 'The request body is larger than 1 MB', 'payload_too_large'));
  }
  // Drawings need no database; share images (/images/share/…) do.
  const drawing = url.pathname.startsWith('/images/') && !url.pathname.startsWith('/images/share/');
  // /healthz says itself whether this server is ready (its 503 JSON names the database).
  if (!drawing && url.pathname !== '/healthz') {
    try {
      await whenReady();
    } catch (error) {
      if (isApi)
        return errorResponse(
          new HttpError(503, 'The shop is starting or its database is unavailable', 'unavailable', undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) }),
        );
      throw error;
    }
  }
  // Accounts: who is signed in (bearer token or session cookie) → locals.customer, locals.sessionId.
  // A page or catalogue answer the same for every shopper may come from the shared cache (no one signed in).
  // The back office (/admin): staff only, by role (src/server/staff/page-guard.ts).
  let forbidden = false;
  if (isBackOfficePath(url.pathname)) {
    const refused = await guardBackOffice(context);
    if (refused instanceof Response) return refused;
    forbidden = refused === 'forbidden';
  }
  const render = async () => {
    if (!url.pathname.startsWith('/images/')) await loadCustomer(context);
    context.locals.shopper = shopperOf(context);
    return forbidden ? next('/admin/forbidden') : next();
  };
  const response = isShareablePath(url.pathname) ? await sharedPage(context, render) : await render();
  // A path the router cannot match (a newline in a catch-all segment) renders the 404 page; API clients get JSON.
  if (isApi && response.status === 404 && !response.headers.get('content-type')?.includes('json'))
    return errorResponse(notFound(`No API endpoint at ${url.pathname}`));
  return response;
}
