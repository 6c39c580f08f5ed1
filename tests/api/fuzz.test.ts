/**
 * Hostile input, property-based: every API route found under src/pages/api and src/pages/catalog, with
 * every method its file exports, gets fast-check's hostile requests (tests/support/hostile.ts) signed in
 * and not. Each answer must be a success (2xx), a redirect with a Location, or a 4xx JSON error with a
 * message; never a 5xx, never a hang, and the server must still answer /healthz afterwards. Every JSON
 * answer must also be what the OpenAPI document says for its path, method and status.
 * FUZZ_RUNS sets the cases per route and method (default 60).
 */
import http from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, databases } from '../support/api.ts';
import { callFrom, freshAddress, uniqueEmail } from '../support/accounts.ts';
import { authMode, contentType, hostileBody, hostileParam, hostileQuery } from '../support/hostile.ts';
import { concretePath, discoverApiRoutes, type ApiRoute, type Method } from '../support/routes.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 60;
const routes = discoverApiRoutes();

interface Raw {
  status: number;
  type: string;
  text: string;
  location?: string;
}

function send(base: string, from: string, method: Method, path: string, body: string | undefined, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, localAddress: from, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8'), location: res.headers.location }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer within 15 s: ${method} ${path}`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Why an answer is unacceptable, or undefined when it is fine. */
function fault(res: Raw): string | undefined {
  // Node's HTTP parser refuses an over-long request line or headers itself, before any of our code runs.
  if (res.status === 431 || res.status === 414) return undefined;
  if (res.status >= 500 || res.status < 200) return `status ${res.status}`;
  if (res.status >= 300 && res.status < 400) return res.location ? undefined : `redirect ${res.status} without a Location`;
  if (res.status < 300) return undefined;
  if (!res.type.includes('application/json')) return `${res.status} answered ${res.type || 'without a content type'}, not JSON`;
  try {
    const body = JSON.parse(res.text) as { message?: unknown };
    return typeof body.message === 'string' ? undefined : `${res.status} JSON without a message`;
  } catch {
    return `${res.status} with a body that is not JSON`;
  }
}

/** Why the answer disagrees with the OpenAPI document (the test client's own check), or undefined. */
async function documented(base: string, method: Method, path: string, res: Raw): Promise<string | undefined> {
  try {
    await answer(base, method, new URL(path, base).href, res.status, new Headers(res.type ? { 'content-type': res.type } : {}), res.text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A customer of the fuzzer's own, so signed-in routes are reached beyond their 401. */
async function signIn(base: string, from: string): Promise<string> {
  const email = uniqueEmail('fuzz');
  const password = 'fuzzing is fun 123';
  await callFrom(from, base, 'POST', '/api/customer/register', { email, first_name: 'Fuzz', last_name: 'Tester', password, password_confirmation: password });
  const login = await callFrom(from, base, 'POST', '/api/customer/login', { email, password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.token as string;
}

const label = (route: ApiRoute, method: Method) => `${method} ${route.pattern}`;

describe.each(databases)('hostile input on $kind', ({ kind, url }) => {
  it('finds the API routes on disk', () => {
    expect(routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(['/api/[...path]', '/api/customer/login', '/api/subscribe']));
  });

  it('never answers a hostile request with a 5xx, and keeps serving', { timeout: 240_000 }, async () => {
    const from = freshAddress();
    const token = await signIn(url, from);
    let cases = 0;
    const failures: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        // Logging out would end the fuzzer's session for every later case.
        const mayUseToken = !/logout/.test(route.pattern);
        const before = failures.length;
        await fc.assert(
          fc.asyncProperty(hostileParam, fc.array(hostileParam, { minLength: 1, maxLength: 3 }), hostileQuery, hostileBody, contentType, authMode, async (param, rest, query, body, type, auth) => {
            cases++;
            let path = concretePath(route, { param, rest });
            const search = new URLSearchParams(query).toString();
            if (search) path += `?${search}`;
            const headers: Record<string, string> = {};
            if (type && method !== 'GET' && body !== undefined) headers['content-type'] = type;
            if (auth === 'token' && mayUseToken) headers.authorization = `Bearer ${token}`;
            if (auth === 'garbage') headers.authorization = `Bearer ${param}`.replace(/[^\t\x20-\x7e]/g, '?');
            const res = await send(url, from, method, path, method === 'GET' ? undefined : body, headers).catch((error: Error) => error);
            const problem = res instanceof Error ? `no answer (${res.message})` : (fault(res) ?? (await documented(url, method, path, res)));
            const said = res instanceof Error ? '' : res.text.slice(0, 200);
            if (problem) failures.push(`${label(route, method)} → ${problem}: ${method} ${path.slice(0, 200)} body ${String(body).slice(0, 200)} :: ${said}`);
            return problem === undefined;
          }),
          { numRuns: RUNS, endOnFailure: true },
        ).catch((error: Error) => {
          // A failed property was recorded above with its request; anything else is the test's own fault.
          if (failures.length === before) failures.push(`${label(route, method)} → the property threw: ${error.message.slice(0, 500)}`);
        });
        const health = await send(url, from, 'GET', '/healthz', undefined, {});
        expect(health.status, `the server stopped serving after ${label(route, method)}`).toBe(200);
      }
    }
    console.log(`fuzz on ${kind}: ${cases} hostile requests over ${routes.reduce((n, r) => n + r.methods.length, 0)} route methods (${routes.length} route files), ${failures.length} unacceptable answers`);
    expect(failures).toEqual([]);
  });
});
