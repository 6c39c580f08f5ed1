/** The foundation as an API client sees it, on SQLite and on PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';

describe.each(databases)('foundation on $kind', ({ kind, url }) => {
  it('answers /healthz with the database kind, the pid and the diamond index', async () => {
    // A search first: the index is built on first use at the latest.
    expect((await call(url, 'GET', '/catalog/api/diamonds')).status).toBe(200);
    const res = await call(url, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: kind,
      pid: expect.any(Number),
      index: { stones: expect.any(Number), generation: expect.any(Number), bytes: expect.any(Number) },
    });
    expect(res.body.index.stones).toBeGreaterThan(0);
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])('answers an unknown /api path with a JSON 404 (%s)', async (method) => {
    const res = await call(url, method, '/api/no/such/thing', method === 'GET' ? undefined : {});
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.message).toMatch(/No API endpoint/);
  });

  it('refuses a NUL byte in the address or the body with a JSON 400, never a 500', async () => {
    for (const path of ['/catalog/api/diamonds/%00', '/api/wishlist?page=%00']) {
      const res = await call(url, 'GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('The address contains a NUL character');
    }
    const body = await call(url, 'POST', '/api/subscribe', '{"subscriber_email":"a\\u0000@example.com"}');
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('The request body contains a NUL character');
  });

  it('refuses a body over 1 MB with 413 and a JSON message', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });
    const res = await call(url, 'POST', '/api/subscribe', big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body is larger than 1 MB');
  });

  it('refuses a state-changing call from a foreign Origin with a JSON 403', async () => {
    const res = await call(url, 'POST', '/api/subscribe', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('foreign_origin');
  });

  it('serves the home page with the demo brand and its products', async () => {
    const res = await fetch(url + '/');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('AURELLE');
    expect(html).toContain('Classic Six-Prong Solitaire');
    expect(html).toMatch(/\$990\.00/);
  });

  it('renders any other path as the not-found page with status 404', async () => {
    const res = await fetch(url + '/this/page/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('We could not find that page');
  });

  it('serves generated drawings with a year-long immutable cache', async () => {
    const res = await fetch(url + '/images/diamonds/oval.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toMatch(/^<svg/);
    expect((await fetch(url + '/images/diamonds/triangle.svg')).status).toBe(404);
    expect((await fetch(url + '/images/jewellery/ring--platinum.svg')).status).toBe(200);
  });

  it('serves each design, metal and view (and a setting holding a stone) once made, with an ETag that answers 304', async () => {
    const path = '/images/jewellery/east-west--18k_rose_gold--profile--oval-812x545.svg';
    const res = await fetch(url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await res.text()).toContain('East-west solitaire setting in 18K Rose Gold, profile view, holding your oval diamond');
    const again = await fetch(url + path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await fetch(url + '/images/diamonds/oval-145.svg')).status).toBe(200);
    for (const bad of [
      'pave-halo--gold--front.svg',
      'no-such-design--platinum--front.svg',
      'pave-halo--platinum--top.svg',
      'pave-halo--platinum--front--triangle-650x650.svg',
      'pave-halo--platinum--front--round-9999x650.svg',
    ]) {
      expect((await fetch(url + '/images/jewellery/' + bad)).status, bad).toBe(404);
    }
    expect((await fetch(url + '/images/diamonds/oval-900.svg')).status).toBe(404);
  });
});
