/**
 * Cross-site request forgery guard: a state-changing request that a browser marks as coming from
 * another site (Origin or Sec-Fetch-Site) is refused. Clients that send neither (API clients, curl)
 * are not browsers riding on a cookie, so they pass; bearer-token calls carry no ambient authority.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isForeignOrigin(request: Request, url: URL): boolean {
  if (SAFE.has(request.method)) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== (request.headers.get('host') ?? url.host);
  } catch {
    return true;
  }
}
