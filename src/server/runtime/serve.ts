/**
 * The production server, `node dist/server/serve.mjs` (built by scripts/build-lib.mjs next to the
 * adapter's entry.mjs). It keeps @astrojs/node's standalone handler (static files from dist/client, then
 * Astro) and wraps it with what the adapter lacks:
 * - compression (br or gzip, per Accept-Encoding) of every compressible answer, pages and assets alike;
 * - the security headers on static files too: the adapter answers those before any Astro middleware
 *   runs, so src/middleware.ts never sees them. Astro's own answers override these defaults (a page's
 *   CSP with its hashes), because headers given to writeHead win over those set beforehand.
 * - the shared page cache's hits (src/server/page-cache/page-store.ts), answered before the request reaches Astro.
 * - the transport limits (src/server/transport/): the 1 MB body limit for every route but the admin import,
 *   counted as the bytes arrive; 414 for an over-long address and an answer for a malformed one; header
 *   and body time-outs; a cap on connections per client address.
 * Hashed assets (/_astro/*) are compressed once and served from memory (src/server/page-cache/asset-cache.ts) with
 * `Cache-Control: public, max-age=31536000, immutable`, as the adapter marks them too.
 * PORT, HOST, SERVER_CERT_PATH and SERVER_KEY_PATH mean what they mean to the adapter's entry.
 * Start, readiness, a port in use and draining on SIGTERM: src/server/runtime/serve-lifecycle.ts.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import cluster from 'node:cluster';
import compression from 'compression';
import { providerSetting } from '../payments/payment-settings.ts';
import { serveCachedAsset } from '../page-cache/asset-cache.ts';
import { serveSharedPage } from '../page-cache/page-store.ts';
import { baseSecurityHeaders, LOCKED_DOWN_CSP } from '../security/headers.ts';
import { reachedOverHttps } from '../security/client-address.ts';
import { becomeHealthy, drainable, EXIT_NOT_HEALTHY, leaseRelease, listen } from './serve-lifecycle.ts';
import { observeRequest, routeConsoleToLog } from '../observe/request-log.ts';
import { isMetricsRequest, serveMetrics } from '../observe/metrics.http.ts';
import { log } from '../observe/log.ts';
import { env, envProblems } from '../config/env.ts';
import { currentRequest } from '../observe/request-context.ts';
import { admitTarget } from '../transport/request-target.ts';
import { admitBody } from '../transport/request-body.ts';
import { applyConnectionLimits } from '../transport/connections.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface AdapterEntry {
  handler: Handler;
  options: { host: string | boolean; port: number };
}

// The adapter's entry starts its own server on import unless told not to.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React (an external package of the server bundle) picks its build from NODE_ENV when first imported:
// unset, it is the development build, which rendered the listing's island ~4× slower (prop checks,
// element validation). The test suites keep their NODE_ENV=test (src/server/config/clock.ts).
process.env.NODE_ENV ||= 'production';
// Every line on stdout is a JSON log line (src/server/observe/log.ts), the modules' console.* included.
routeConsoleToLog();
const entryPath = './entry.mjs';
const { handler, options } = (await import(/* @vite-ignore */ entryPath)) as AdapterEntry;

const compress = compression({ threshold: 1024 });
// This file runs as dist/server/serve.mjs; the browser's files are in dist/client.
const clientDir = fileURLToPath(new URL('../client/', import.meta.url));

// Each request is logged once, with its id, route, status, duration and bytes (src/server/observe/request-log.ts).
const listener = (req: IncomingMessage, res: ServerResponse) => observeRequest(req, res, () => serve(req, res));

function serve(req: IncomingMessage, res: ServerResponse) {
  if (isMetricsRequest(req)) {
    const request = currentRequest();
    if (request) request.route = '/metrics';
    void serveMetrics(req, res);
    return;
  }
  const proto = req.headers['x-forwarded-proto'];
  const secure = reachedOverHttps((req.socket as TLSSocket).encrypted === true, Array.isArray(proto) ? proto[0] : proto);
  for (const [name, value] of Object.entries(baseSecurityHeaders(secure))) res.setHeader(name, value);
  res.setHeader('content-security-policy', LOCKED_DOWN_CSP);
  if (!admitTarget(req, res)) return;
  if (serveCachedAsset(clientDir, req, res)) return;
  const admitted = admitBody(req, res);
  if (admitted === true) route(req, res);
  else if (admitted) admitted.then((ok) => ok && route(req, res));
}

function route(req: IncomingMessage, res: ServerResponse) {
  const render = () => compress(req as never, res as never, () => handler(req, res));
  // A page the same for every shopper, already rendered and still current, skips Astro altogether.
  serveSharedPage(req, res, (req.socket as TLSSocket).encrypted === true).then(
    (served) => served || render(),
    () => render(),
  );
}

const port = env('PORT');
const host = env('HOST') ?? (typeof options.host === 'boolean' ? (options.host ? '0.0.0.0' : 'localhost') : options.host);
const lifecycle = drainable(listener);
const certPath = env('SERVER_CERT_PATH');
const keyPath = env('SERVER_KEY_PATH');
const server =
  certPath && keyPath
    ? https.createServer({ key: fs.readFileSync(keyPath), cert: fs.readFileSync(certPath), connectionsCheckingInterval: 1000 }, lifecycle.listener)
    : http.createServer({ connectionsCheckingInterval: 1000 }, lifecycle.listener);
// Header, body and request time-outs, a cap on connections per client address (src/server/transport/).
applyConnectionLimits(server as http.Server);
// Load tests keep connections open; Node's 5 s default would drop idle keep-alive sockets mid-run.
server.keepAliveTimeout = 65_000;

// SIGTERM or SIGINT (a deploy, `npm start`'s primary stopping or replacing its workers): drain, then exit.
let stopRequested = false;
const drain = () => {
  stopRequested = true;
  lifecycle.drain(server);
};
process.once('SIGTERM', drain);
process.once('SIGINT', drain);

leaseRelease(fileURLToPath(new URL('.', import.meta.url)));
try {
  await becomeHealthy(listener);
} catch (error) {
  console.error((error as Error).message);
  process.exit(EXIT_NOT_HEALTHY);
}
if (stopRequested) process.exit(0);
listen(server, port, host, () => {
  log.info({ port, host }, `Server listening on ${server instanceof https.Server ? 'https' : 'http'}://${host}:${port}`);
  // Cards off (or on the test gateway in production): one line, from the first worker only.
  const { note } = providerSetting();
  if (note && (!cluster.worker || cluster.worker.id === 1)) console.warn(note);
  // A variable set to a value that is not valid (src/server/config/env.ts): its default is used; say so once.
  if (!cluster.worker || cluster.worker.id === 1) for (const problem of envProblems()) log.warn(problem);
});
