/**
 * 405 everywhere: every route file under src/pages/api/ and src/pages/catalog/ (found on disk, so a new
 * one is checked the day it lands) answers each method it does not serve with a JSON 405, an `Allow`
 * header naming exactly the methods it exports, and the API's error shape. The catch-alls answer 404.
 */
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { concretePath, discoverApiRoutes, METHODS } from '../support/routes.ts';

const routes = discoverApiRoutes();
const specific = routes.filter((r) => !r.segments.some((s) => s.kind === 'rest'));
const cases = specific.flatMap((route) =>
  METHODS.filter((m) => !route.served.includes(m)).map((method) => ({ route, method, path: concretePath(route, { param: '1', rest: [] }) })),
);

describe.each(databases)('wrong methods on $kind', ({ url }) => {
  it('finds the routes on disk, the three the audit named among them', () => {
    expect(specific.length).toBeGreaterThan(40);
    const patterns = specific.map((r) => r.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining(['/api/subscribe', '/api/analytics/collect', '/api/customer/login', '/catalog/products', '/catalog/api/diamonds']),
    );
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases.map((c) => [`${c.method} ${c.route.pattern}`, c] as const))('%s answers 405 with Allow', async (_name, { route, method, path }) => {
    const res = await call(url, method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(405);
    const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim());
    expect(allow.sort()).toEqual([...route.served].sort());
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Use [A-Z]+( or [A-Z]+)* for this endpoint$/), code: 'method_not_allowed' });
  });

  it('answers a path no route serves with a JSON 404, whatever the method', async () => {
    for (const path of ['/api/no-such-thing', '/catalog/no-such-thing']) {
      for (const method of ['GET', 'POST']) {
        const res = await call(url, method, path, method === 'GET' ? undefined : {});
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found' });
      }
    }
  });
});
