import { STATUS_CODES } from 'node:http';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { whenReady } from './server/boot.ts';
import { errorResponse, HttpError, MAX_BODY_BYTES, notFound } from './server/http.ts';
import { isForeignOrigin } from './server/origin.ts';
import { loadCustomer } from './server/accounts/session.ts';
import { withSecurityHeaders } from './server/security/headers.ts';
import { sharedPage } from './server/page-cache.ts';
import { isShareablePath } from './server/page-store.ts';
import { ADMIN_IMPORT_PATH } from './server/feeds/import-http.ts';
import { duringRequest } from './server/request-time.ts';

// Every answer, early refusals included, leaves with the security headers (src/server/security/headers.ts).
export const onRequest = defineMiddleware((context, next) => duringRequest(async () => withSecurityHeaders(withStatusText(await serve(context, next)), context.request, context.url)));

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
  // The stock-file import streams bodies far beyond 1 MB and enforces its own limit (src/server/feeds/import-http.ts).
  if (isApi && url.pathname !== ADMIN_IMPORT_PATH && Number(request.headers.get('content-length')) > MAX_BODY_BYTES) {
    return errorResponse(new HttpError(413, 'The request body is larger than 1 MB', 'payload_too_large'));
  }
  // Drawings need no database; share images (/images/share/…) do.
  const drawing = url.pathname.startsWith('/images/') && !url.pathname.startsWith('/images/share/');
  if (!drawing) {
    try {
      await whenReady();
    } catch (error) {
      if (isApi) return errorResponse(new HttpError(503, 'The shop is starting or its database is unavailable', 'unavailable'));
      throw error;
    }
  }
  // Accounts: who is signed in (bearer token or session cookie) → locals.customer, locals.sessionId.
  // A page or catalogue answer the same for every shopper may come from the shared cache (no one signed in).
  const render = async () => {
    if (!url.pathname.startsWith('/images/')) await loadCustomer(context);
    return next();
  };
  const response = isShareablePath(url.pathname) ? await sharedPage(context, render) : await render();
  // A path the router cannot match (a newline in a catch-all segment) renders the 404 page; API clients get JSON.
  if (isApi && response.status === 404 && !response.headers.get('content-type')?.includes('json')) return errorResponse(notFound(`No API endpoint at ${url.pathname}`));
  return response;
}
