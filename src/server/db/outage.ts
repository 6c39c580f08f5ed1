/**
 * The database being out of reach (a PostgreSQL restart, a network cut, a full disk for SQLite) is not a
 * bug of the request that met it: such errors are recognised here, answered 503 with Retry-After
 * (src/server/endpoint/http.ts, src/middleware.ts), logged once per interval with a count (src/server/observe/log.ts),
 * and remembered, so that /healthz can say since when.
 */
import { logThrottled } from '~/server/observe/log.ts';

/** Seconds a client is told to wait (Retry-After) while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|server closed the connection unexpectedly|cannot be reached/i;

/** Whether `error` says the database cannot be reached now (as opposed to a bad query or a bug). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // PostgreSQL: 08 connection exceptions, 57P01–57P03 shutdown / cannot connect now, 53300 too many connections.
      if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    if (e instanceof Error && MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

let downSince: number | undefined;

/** Notes an outage error: logged once per interval (with a count), and the outage's start remembered. */
export function noteDatabaseUnavailable(error: unknown, where: string): void {
  downSince ??= Date.now();
  const reason = error instanceof Error ? error.message || (error as { code?: string }).code || error.constructor.name : String(error);
  logThrottled(`database:${where}`, 'error', { where, reason }, `Database unavailable (${where}): ${reason}`);
}

export function noteDatabaseUp(): void {
  downSince = undefined;
}

/** When this process first met the current outage (undefined: none known). */
export const databaseDownSince = (): number | undefined => downSince;
