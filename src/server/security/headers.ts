/**
 * Security headers on every answer. Pages carry the Content-Security-Policy that Astro computes from
 * `security.csp` in astro.config.mjs (hashes of its own inline scripts and styles, no 'unsafe-inline'
 * for scripts); every other answer (JSON, images, static files) gets a policy that allows nothing, so a
 * JSON or SVG answer opened as a document can never run script. The production server
 * (src/server/runtime/serve.ts) applies the same headers to the static files the adapter serves before any
 * middleware runs.
 */
import { reachedOverHttps } from './client-address.ts';

/** For answers that are not pages: nothing may load, nothing may frame them. */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Generated SVG drawings may carry their own <style>; scripts stay forbidden. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/** An HTML answer Astro did not give a policy: same-origin files only, nothing inline. */
export const PAGE_FALLBACK_CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries, whatever made it. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** HTTPS as the client saw it: the URL's scheme, or X-Forwarded-Proto from a trusted TLS-terminating proxy (TRUST_PROXY). */
export function isHttps(url: URL, forwardedProto: string | null | undefined): boolean {
  return reachedOverHttps(url.protocol === 'https:', forwardedProto);
}

/** The policy for an answer that Astro did not give one (anything but a page). */
export function fallbackCsp(contentType: string | null): string {
  const type = contentType ?? '';
  if (type.startsWith('text/html')) return PAGE_FALLBACK_CSP;
  return type.startsWith('image/svg') ? SVG_CSP : LOCKED_DOWN_CSP;
}

/** Adds the headers to an answer, copying it first when its headers are immutable (Response.redirect). */
export function withSecurityHeaders(response: Response, request: Request, url: URL): Response {
  let target = response;
  try {
    apply(target.headers, isHttps(url, request.headers.get('x-forwarded-proto')));
  } catch {
    target = new Response(response.body, response);
    apply(target.headers, isHttps(url, request.headers.get('x-forwarded-proto')));
  }
  return target;
}

/**
 * React islands server-render style attributes (the cart popup's position and fade). An attribute cannot
 * run script, so pages allow them (CSP3 `style-src-attr`), while <style> elements and every script stay
 * hash-only. Astro's `security.csp` does not pass this directive through, so it is added here.
 */
export const PAGE_STYLE_ATTR = "style-src-attr 'unsafe-inline'";

function apply(headers: Headers, https: boolean) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(https))) headers.set(name, value);
  const csp = headers.get('content-security-policy');
  if (!csp) headers.set('content-security-policy', fallbackCsp(headers.get('content-type')));
  else if (csp.includes('script-src') && !csp.includes('style-src-attr'))
    headers.set('content-security-policy', `${csp.replace(/;\s*$/, '')}; ${PAGE_STYLE_ATTR}`);
}
