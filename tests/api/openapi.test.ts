/**
 * GET /api/openapi.json on SQLite and PostgreSQL: a valid OpenAPI 3.1 document (by a validator nobody here
 * wrote), cacheable, covering every route file. That every JSON answer of the suites matches it is
 * checked by the test client itself (tests/support/openapi-check.ts).
 */
import { validate, compileErrors } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { discoverApiRoutes } from '../support/routes.ts';
import { checkAnswer } from '../support/openapi-check.ts';

/** `METHOD /template` for each route file's named exports; catch-alls ([...path]) only answer 404s. */
function routeOperations(): string[] {
  return discoverApiRoutes()
    .filter((r) => !r.segments.some((s) => s.kind === 'rest'))
    .flatMap((r) => {
      const template = '/' + r.segments.map((s) => (s.kind === 'static' ? s.value : `{${s.kind === 'param' ? s.name : ''}}`)).join('/');
      return r.served.map((m) => `${m} ${template}`);
    })
    .sort();
}

describe.each(databases)('the OpenAPI document on $kind', ({ url }) => {
  it('is valid OpenAPI 3.1', async () => {
    const res = await call(url, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(res.body));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('fails the validator when it is broken (the check can fail)', async () => {
    const { body } = await call(url, 'GET', '/api/openapi.json');
    body.paths['/api/checkout/cart'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/NoSuchSchema' };
    expect((await validate(body)).valid).toBe(false);
  });

  it('documents exactly the operations the route files serve', async () => {
    const { body } = await call(url, 'GET', '/api/openapi.json');
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([template, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${template}`))
      .sort();
    expect(documented).toEqual(routeOperations());
  });

  it('names the session cookie and the bearer token, and which operations need them', async () => {
    const { body } = await call(url, 'GET', '/api/openapi.json');
    expect(body.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'aurelle_session' });
    expect(body.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.paths['/api/customer/get'].get.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(body.paths['/api/customer/get'].get.responses['401']).toBeDefined();
    expect(body.paths['/catalog/api/diamonds'].get.security).toEqual([]);
  });

  it('makes the test client refuse an answer the document does not describe', async () => {
    const json = new Headers({ 'content-type': 'application/json' });
    const cart = (await call(url, 'GET', '/api/checkout/cart')).body;
    await expect(checkAnswer(url, 'GET', '/api/checkout/cart', 200, json, { ...cart, data: { ...cart.data, id: 'one' } })).rejects.toThrow(
      /GET \/api\/checkout\/cart → 200: the answer does not match[\s\S]*\/data\/id/,
    );
    await expect(checkAnswer(url, 'GET', '/api/checkout/cart', 418, json, cart)).rejects.toThrow(/status 418 is not documented/);
    await expect(checkAnswer(url, 'GET', '/api/addresses/12', 200, json, { data: { id: 12 } })).rejects.toThrow(/\/api\/addresses\/\{id\} 200/);
    await expect(checkAnswer(url, 'GET', '/api/no-such-thing', 200, json, {})).rejects.toThrow(/has no GET/);
  });

  it('is cacheable, with an ETag that answers 304', async () => {
    const res = await call(url, 'GET', '/api/openapi.json');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toContain('public');
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await call(url, 'GET', '/api/openapi.json', undefined, { 'if-none-match': etag })).status).toBe(304);
  });
});
