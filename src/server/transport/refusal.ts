/**
 * Refusals the production server answers before a request reaches Astro: JSON (the API's error body,
 * src/server/endpoint/http.ts) on the API and catalogue paths, a short page elsewhere.
 */
import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '~/server/endpoint/http.ts';

/** The paths whose clients expect JSON: the API and the catalogue API. */
export const isApiPath = (pathname: string): boolean =>
  pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/catalog/') || pathname === '/catalog';

export const pathOf = (target: string | undefined): string => (target ?? '/').split('?')[0]!;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The answer as bytes, for a response object or a raw socket. */
export function refusalBody(api: boolean, status: number, code: string, message: string): { type: string; body: string } {
  if (api) return { type: 'application/json; charset=utf-8', body: JSON.stringify({ message, code } satisfies ErrorBody) };
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} · Aurelle</title></head><body><h1>We could not take this request</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the shop</a></p></body></html>`,
  };
}

/**
 * Answers `status` with the API's error body (`api`) or a short page. With `hold`, the whole answer is
 * written but the response is not ended: the caller ends it (request-body.ts, after a lingering read).
 */
export function refuse(
  res: ServerResponse,
  api: boolean,
  status: number,
  code: string,
  message: string,
  extra: { headers?: Record<string, string>; hold?: boolean } = {},
): void {
  if (res.headersSent) return void res.destroy();
  const { type, body } = refusalBody(api, status, code, message);
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.setHeader('cache-control', 'no-store');
  for (const [name, value] of Object.entries(extra.headers ?? {})) res.setHeader(name, value);
  // Held: the connection is closed after the answer (request-body.ts); the client must not reuse it.
  if (extra.hold) res.setHeader('connection', 'close');
  if (extra.hold) res.write(body);
  else res.end(body);
}
