/**
 * The limits the production server (src/server/runtime/serve.ts) holds every connection and request to, read
 * from the environment once. docs/deploy.md ("Limits") lists them for operators, docs/api.md for clients.
 */
import { config } from '~/server/config/config.ts';
import { env } from '~/server/config/env.ts';
import { MAX_BODY_BYTES } from '~/server/endpoint/http.ts';

export const transportSettings = {
  /** Request bodies of every route but the admin import (which has ADMIN_IMPORT_MAX_BYTES). */
  maxBodyBytes: MAX_BODY_BYTES,
  /** The longest request target (path and query) answered; longer is 414. */
  maxUrlChars: 8192,
  /**
   * Open connections one client address may hold on one server process (one worker); beyond, a new
   * connection is closed at once. 0: no cap. 256 leaves room for an office or a mobile carrier's shared
   * address (a browser opens at most 6 connections to a host). Behind a proxy (TRUST_PROXY) every connection comes from the
   * proxy, so the default is no cap there: the proxy limits its clients.
   */
  get maxConnectionsPerAddress(): number {
    return env('MAX_CONNECTIONS_PER_ADDRESS') ?? (config.trustedProxies ? 0 : 256);
  },
  /** How long a client may take to send a request's headers. */
  headersTimeoutMs: env('HEADERS_TIMEOUT_MS') || 10_000,
  /** How long a client may take to send a body of at most 1 MB, from its headers on. */
  bodyTimeoutMs: env('BODY_TIMEOUT_MS') || 30_000,
  /** How long a whole request may take to arrive, the admin import's stock file included. */
  requestTimeoutMs: env('REQUEST_TIMEOUT_MS') || 15 * 60_000,
};
