/**
 * Hostile input, property-based: every API route found under src/pages/api and src/pages/catalog, with
 * every method its file exports, gets fast-check's hostile requests (tests/support/hostile.ts) signed in
 * and not. Each answer must be a success (2xx), a redirect with a Location, or a 4xx JSON error with a
 * message; never a 5xx, never a hang, and the server must still answer /healthz afterwards. Every JSON
 * answer must also be what the OpenAPI document says for its path, method and status.
 * Then form bodies (URL-encoded and multipart, well-formed and not, up to 3 MB) to every route that takes
 * a body and every page with a form, sent with Content-Length or chunked; and malformed `%` escapes and
 * over-long addresses on every route and on pages: JSON on the API, never a 5xx anywhere.
 * FUZZ_RUNS sets the cases per route and method (default 60; a sixth of it for forms and addresses).
 */
import http from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, databases } from '../support/api.ts';
import { callFrom, freshAddress, uniqueEmail } from '../support/accounts.ts';
import { authMode, contentType, hostileBody, hostileForm, hostileParam, hostileQuery, malformedSegment } from '../support/hostile.ts';
import { concretePath, discoverApiRoutes, type ApiRoute, type Method } from '../support/routes.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 60;
const routes = discoverApiRoutes();

interface Raw {
  status: number;
  type: string;
  text: string;
  location?: string;
}

/** One request; with `chunked`, the body goes without Content-Length, in pieces of 16 KB. */
function send(
  base: string,
  from: string,
  method: Method,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
  chunked = false,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const framing = body === undefined ? {} : chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) };
    // The path is written as given (malformed escapes included): http.request does not normalise it.
    const target = new URL(base);
    const req = http.request({ host: target.hostname, port: target.port, path, method, localAddress: from, headers: { ...headers, ...framing } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          location: res.headers.location,
        }),
      );
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer within 15 s: ${method} ${path}`)));
    let answered = false;
    req.on('response', () => (answered = true));
    // A server that refuses a body before it has all arrived (413) may close while we still write.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (body !== undefined && chunked) {
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += 16 * 1024) req.write(bytes.subarray(at, at + 16 * 1024));
    } else if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Why an answer is unacceptable, or undefined when it is fine. */
function fault(res: Raw): string | undefined {
  // Node's HTTP parser refuses over-long headers itself (431, a JSON answer too, src/server/transport/connections.ts).
  if (res.status === 431) return undefined;
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

/** The pages that take a form post (before JavaScript, or only as a form). */
const PAGE_FORMS = [
  '/customer',
  '/customer/account/profile',
  '/customer/account/addresses',
  '/customer/forgot-password',
  '/customer/reset-password/x',
  '/customer/first-time-login',
  '/checkout',
  '/checkout/payment',
  '/checkout/payment-gateway',
  '/checkout/order-payment',
  '/book-appointment',
  '/book-appointment/cancel/x',
  '/cart',
  '/wishlist',
  '/search',
];

/** Pages with a place (HOLE) for a malformed segment: a path segment or a query value. */
const PAGE_PATHS = [
  '/customer/reset-password/HOLE',
  '/search?q=HOLE',
  '/diamonds/HOLE',
  '/products/HOLE',
  '/HOLE',
  '/rings/HOLE',
  '/book-appointment/cancel/HOLE',
  '/diamonds?shape=HOLE',
];

describe.each(databases)('hostile input on $kind', ({ kind, url }) => {
  it('finds the API routes on disk', () => {
    expect(routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(['/api/[...path]', '/api/customer/login', '/api/subscribe']));
  });

  it('never answers a hostile request with a 5xx, and keeps serving', { timeout: 480_000 }, async () => {
    const from = freshAddress();
    const token = await signIn(url, from);
    let cases = 0;
    const failures: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        // Logging out would end the fuzzer's session for every later case.
        const mayUseToken = !/logout/.test(route.pattern);
        const before = failures.length;
        await fc
          .assert(
            fc.asyncProperty(
              hostileParam,
              fc.array(hostileParam, { minLength: 1, maxLength: 3 }),
              hostileQuery,
              hostileBody,
              contentType,
              authMode,
              async (param, rest, query, body, type, auth) => {
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
                if (problem)
                  failures.push(`${label(route, method)} → ${problem}: ${method} ${path.slice(0, 200)} body ${String(body).slice(0, 200)} :: ${said}`);
                return problem === undefined;
              },
            ),
            { numRuns: RUNS, endOnFailure: true },
          )
          .catch((error: Error) => {
            // A failed property was recorded above with its request; anything else is the test's own fault.
            if (failures.length === before) failures.push(`${label(route, method)} → the property threw: ${error.message.slice(0, 500)}`);
          });
        const health = await send(url, from, 'GET', '/healthz', undefined, {});
        expect(health.status, `the server stopped serving after ${label(route, method)}`).toBe(200);
      }
    }
    console.log(
      `fuzz on ${kind}: ${cases} hostile requests over ${routes.reduce((n, r) => n + r.methods.length, 0)} route methods (${routes.length} route files), ${failures.length} unacceptable answers`,
    );
    expect(failures).toEqual([]);
  });
  it('never answers a hostile form or chunked body with a 5xx, on the API and on pages', { timeout: 480_000 }, async () => {
    const from = freshAddress();
    const token = await signIn(url, from);
    const failures: string[] = [];
    let cases = 0;
    const targets = [
      ...routes.flatMap((route) =>
        route.methods
          .filter((m) => m !== 'GET')
          .map((method) => ({ label: label(route, method), method, api: true, path: (param: string) => concretePath(route, { param, rest: [param] }) })),
      ),
      ...PAGE_FORMS.map((page) => ({ label: `POST ${page}`, method: 'POST' as Method, api: false, path: () => page })),
    ];
    for (const target of targets) {
      const mayUseToken = !/logout/.test(target.label);
      await fc
        .assert(
          fc.asyncProperty(hostileForm, fc.boolean(), hostileParam, authMode, async (form, chunked, param, auth) => {
            cases++;
            const path = target.path(param);
            const headers: Record<string, string> = { 'content-type': form.type };
            if (auth === 'token' && mayUseToken) headers.authorization = `Bearer ${token}`;
            const res = await send(url, from, target.method, path, form.body, headers, chunked).catch((error: Error) => error);
            let problem: string | undefined;
            if (res instanceof Error) problem = `no answer (${res.message})`;
            else if (target.api) problem = fault(res) ?? (await documented(url, target.method, path, res));
            else if (res.status >= 500 || res.status < 200) problem = `status ${res.status}`;
            else if (Buffer.byteLength(form.body) > 1024 * 1024 && res.status !== 413)
              problem = `a ${Buffer.byteLength(form.body)}-byte body answered ${res.status}, not 413`;
            const said = res instanceof Error ? '' : res.text.slice(0, 200);
            if (problem) failures.push(`${target.label} → ${problem}: ${chunked ? 'chunked ' : ''}${form.type} ${form.body.slice(0, 200)} :: ${said}`);
            return problem === undefined;
          }),
          { numRuns: Math.ceil(RUNS / 6), endOnFailure: true },
        )
        .catch(() => undefined);
      const health = await send(url, from, 'GET', '/healthz', undefined, {});
      expect(health.status, `the server stopped serving after ${target.label}`).toBe(200);
    }
    console.log(`fuzz on ${kind}: ${cases} hostile form bodies over ${targets.length} routes and pages, ${failures.length} unacceptable answers`);
    expect(failures).toEqual([]);
  });

  it('answers malformed and over-long addresses with JSON on the API and the not-found screen on pages, never a 5xx', { timeout: 480_000 }, async () => {
    const from = freshAddress();
    const failures: string[] = [];
    let cases = 0;
    const targets = [
      ...routes.flatMap((route) =>
        route.methods.map((method) => ({
          label: label(route, method),
          method,
          api: true,
          path: (seg: string) =>
            /\[/.test(route.pattern) ? concretePath(route, { param: 'HOLE', rest: ['HOLE'] }).replace(/HOLE/g, seg) : `${route.pattern}${seg}`,
        })),
      ),
      ...PAGE_PATHS.map((page) => ({ label: `GET ${page}`, method: 'GET' as Method, api: false, path: (seg: string) => page.replace('HOLE', seg) })),
    ];
    for (const target of targets) {
      await fc
        .assert(
          fc.asyncProperty(malformedSegment, async (seg) => {
            cases++;
            const path = target.path(seg);
            const res = await send(
              url,
              from,
              target.method,
              path,
              target.method === 'GET' ? undefined : '{}',
              target.method === 'GET' ? {} : { 'content-type': 'application/json' },
            ).catch((error: Error) => error);
            const long = path.length > 8192;
            let problem: string | undefined;
            if (res instanceof Error) problem = `no answer (${res.message})`;
            else if (res.status >= 500 || res.status < 200) problem = `status ${res.status}`;
            else if (target.api)
              problem = fault(res) ?? (long && res.status !== 414 ? `an address of ${path.length} characters answered ${res.status}` : undefined);
            else if (long) problem = res.status === 414 ? undefined : `an address of ${path.length} characters answered ${res.status}`;
            else if (res.status === 400 || !res.type.includes('text/html')) problem = `${res.status} ${res.type}, not a page`;
            const said = res instanceof Error ? '' : res.text.slice(0, 200);
            if (problem) failures.push(`${target.label} → ${problem}: ${path.slice(0, 200)} :: ${said}`);
            return problem === undefined;
          }),
          { numRuns: Math.ceil(RUNS / 6), endOnFailure: true },
        )
        .catch(() => undefined);
    }
    const health = await send(url, from, 'GET', '/healthz', undefined, {});
    expect(health.status).toBe(200);
    console.log(`fuzz on ${kind}: ${cases} malformed addresses over ${targets.length} routes and pages, ${failures.length} unacceptable answers`);
    expect(failures).toEqual([]);
  });
});
