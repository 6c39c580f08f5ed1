/**
 * Headers and transport as a client sees them: security headers on pages, API answers, static files
 * and refusals; HSTS only over HTTPS; br/gzip compression; immutable caching of hashed assets; and
 * search or query input reflected on pages always escaped.
 */
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/'unsafe-eval'/);
}

const PAYLOAD = `"'><script>window.__xss=1</script><img src=x onerror=alert(1)>`;

describe.each(databases)('headers and transport on $kind', ({ url }) => {
  it('gives pages a hash-based Content-Security-Policy and the security headers', async () => {
    for (const path of ['/', '/about-us', '/customer', '/no-such-page']) {
      const res = await get(url, path);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expectSecurityHeaders(res.headers);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
      expect(csp, path).toMatch(/default-src 'self'/);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('locks down API answers, refusals and static files', async () => {
    const api = await get(url, '/api/no/such/thing');
    const refused = await call(url, 'POST', '/api/subscribe', undefined, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    const icon = await get(url, '/favicon.svg');
    for (const headers of [api.headers, refused.headers, icon.headers]) {
      expectSecurityHeaders(headers);
      expect(headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    }
    expect(refused.status).toBe(403);
  });

  it('sends Strict-Transport-Security only when the client came over HTTPS', async () => {
    for (const path of ['/', '/api/customer/get', '/favicon.svg']) {
      const res = await get(url, path, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('strict-transport-security'), path).toMatch(/^max-age=31536000/);
    }
  });

  it('compresses pages and assets with br or gzip, and caches hashed assets for a year', async () => {
    const home = await get(url, '/', { 'accept-encoding': 'br, gzip' });
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(home.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await get(url, '/about-us', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.text).toContain('</html>');
    const plain = await get(url, '/about-us', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();

    const assets = [...new Set(home.text.match(/\/_astro\/[^"' )]+\.(?:js|css)/g) ?? [])];
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await get(url, asset, { 'accept-encoding': 'br, gzip' });
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding'), asset).toMatch(/^(br|gzip)$/);
      expectSecurityHeaders(res.headers);
    }
  });

  it('escapes search and query text reflected on any page', async () => {
    const params = new URLSearchParams({
      q: PAYLOAD,
      redirect: PAYLOAD,
      email: PAYLOAD,
      newsletter: PAYLOAD,
      notice: PAYLOAD,
      df_shape: PAYLOAD,
      page: PAYLOAD,
      previewPage: 'true',
    });
    for (const path of [
      '/search',
      '/',
      '/about-us',
      '/diamonds',
      '/engagement-rings',
      '/customer',
      '/customer/forgot-password',
      '/customer/first-time-login',
      '/customer/reset-password/abc',
    ]) {
      const res = await get(url, `${path}?${params}`);
      expect(res.status, path).toBeLessThan(500);
      // Inside a double-quoted attribute the payload is inert text as long as its quote is escaped (Astro
      // writes &quot;): so an attribute must never be broken out of, and markup elsewhere never appear.
      expect(res.text, path).not.toMatch(/="[^"]*"'>/);
      const outsideAttributes = res.text.replace(/="[^"]*"/g, '=""');
      expect(outsideAttributes, path).not.toContain('<script>window.__xss');
      expect(outsideAttributes, path).not.toContain('<img src=x onerror');
    }
  });
});
