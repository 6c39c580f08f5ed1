/**
 * The shop's log: JSON lines (pino) on stdout, one object per line, with `reqId` on every line written
 * while a request is served (src/server/observe/request-context.ts). LOG_LEVEL (trace, debug, info, warn,
 * error, fatal, silent; default info) sets what is written; on a terminal the lines are pretty-printed
 * (pino-pretty), LOG_PRETTY=0 or 1 overrides. Shoppers' e-mail addresses and tokens never reach the log:
 * fields with such names are masked, and addresses inside messages are masked too.
 *
 * Lines are written asynchronously (a write in flight gathers the next ones; pino flushes what is left
 * when the process exits): a synchronous write per request cost a third of a cached page's throughput.
 *
 * Serve.ts and the Astro app are bundled apart: the one logger lives on `globalThis`.
 */
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequest } from './request-context.ts';
import { env } from '~/server/config/env.ts';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function logLevel(value = env('LOG_LEVEL')): string {
  const level = value?.trim().toLowerCase();
  return level && LEVELS.includes(level) ? level : 'info';
}

// A match starts only where a local part starts (the lookbehind) and the local part is at most 64 characters
// (RFC 5321): without both, a long run of letters with no @ (a 4,000-character path) cost quadratic time.
const EMAIL = /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{0,63}@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g;

/** `jane.doe@example.com` → `j***@example.com`: enough to tell two addresses apart in a log, not to write to one. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (match, first: string) => `${first}***@${match.slice(match.indexOf('@') + 1)}`);
}

/** Query parameters whose values are masked in logged URLs. */
const SECRET_PARAMS = /token|key|secret|password|email|code|session/i;

/** A URL's path and query for the log: secret-looking parameters' values become `***`. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return maskEmails(url);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq !== -1 && SECRET_PARAMS.test(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=***` : pair;
    });
  return maskEmails(`${url.slice(0, q)}?${params.join('&')}`);
}

/** Fields whose values never reach the log, at any depth. */
const SECRET_KEYS = new Set(['email', 'to', 'token', 'password', 'authorization', 'cookie', 'payment_token', 'session']);

/**
 * Masks a line's fields: secret keys become `***`, addresses in any string `j***@example.com`. (pino's own
 * `redact` with wildcard paths did the keys at 28 µs a line, ten times the line itself.)
 */
function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('@') ? maskEmails(value) : value;
  if (!value || typeof value !== 'object' || depth > 4 || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = SECRET_KEYS.has(key.toLowerCase()) ? '***' : maskDeep((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

function maskedError(error: Error) {
  return maskDeep(pino.stdSerializers.err(error));
}

function prettyWanted(): boolean {
  if (env('LOG_PRETTY') === '1') return true;
  if (env('LOG_PRETTY') === '0') return false;
  return process.stdout.isTTY === true;
}

export function createLogger(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: logLevel(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every string of a line is masked: an address can hide in an error's message or a field's value.
    formatters: { level: (label) => ({ level: label }), log: (object) => maskDeep(object) as Record<string, unknown> },
    // Every line of a request's work names it; an error also says which request (its method and path).
    mixin: (_merge, level) => {
      const request = currentRequest();
      if (!request) return {};
      return level >= 50 ? { reqId: request.id, method: request.method, path: maskUrl(request.path) } : { reqId: request.id };
    },
    hooks: {
      // Messages are masked too: an address may be part of a sentence ("Mail to jane@… failed").
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskEmails(a) : a)) as Parameters<typeof method>);
      },
    },
    serializers: { err: maskedError, error: maskedError },
  };
  const stream =
    destination ??
    (prettyWanted()
      ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true })
      : pino.destination({ dest: 1, sync: false }));
  return pino(options, stream);
}

const KEY = Symbol.for('aurelle.logger');
const holder = globalThis as typeof globalThis & { [KEY]?: Logger };

/** The process's logger. */
export const log: Logger = (holder[KEY] ??= createLogger());

/**
 * The same event logged once per interval, with a count: the first occurrence at once, then, while it
 * keeps happening, one line per `intervalMs` saying how many times it happened since (a database outage
 * fails every request: one line, not thousands). Keys are a fixed few per call site (bounded memory).
 */
const repeats = new Map<string, { count: number; timer: NodeJS.Timeout }>();

export function logThrottled(key: string, level: 'warn' | 'error', fields: Record<string, unknown>, message: string, intervalMs = throttleMs()): void {
  const seen = repeats.get(key);
  if (seen) {
    seen.count++;
    return;
  }
  log[level]({ ...fields, repeatKey: key }, message);
  const entry = {
    count: 0,
    timer: setInterval(() => {
      if (entry.count === 0) {
        clearInterval(entry.timer);
        repeats.delete(key);
        return;
      }
      log[level](
        { ...fields, repeatKey: key, repeated: entry.count, intervalSeconds: intervalMs / 1000 },
        `${message} (${entry.count} more times in the last ${intervalMs / 1000} s)`,
      );
      entry.count = 0;
    }, intervalMs),
  };
  entry.timer.unref();
  repeats.set(key, entry);
}

function throttleMs(): number {
  return env('LOG_REPEAT_SECONDS') * 1000;
}
