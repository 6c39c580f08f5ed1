/**
 * The one error path of the API: every route is made by `route()` (src/server/endpoint/route.ts), which turns
 * an HttpError (or a zod validation error) into a JSON answer with `message` (and `errors` per field) and a
 * 4xx status, and anything else into a 500 whose details stay in the server log.
 */
import type { APIRoute } from 'astro';
import { z, ZodError } from 'zod';
import { isDatabaseUnavailable, noteDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/outage.ts';
import { log } from '../observe/log.ts';
import { currentRequest } from '../observe/request-context.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'error',
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Every error answer of the API (and its OpenAPI `Error` schema): a message a person understands, a code, and per-field messages. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.output<typeof errorBodySchema>;

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, 'bad_request', errors);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
    return json(body, { status: error.status, headers: error.headers });
  }
  if (error instanceof ZodError) return errorResponse(validationError(error));
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(error, 'request');
    return json({ message: 'The shop is briefly unavailable. Please try again in a few seconds.', code: 'unavailable' } satisfies ErrorBody, {
      status: 503,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
  }
  const request = currentRequest();
  log.error({ err: error, path: request?.path, method: request?.method }, 'Request failed');
  return json({ message: 'Something went wrong', code: 'internal' } satisfies ErrorBody, { status: 500 });
}

/** Turns zod issues into `errors` keyed by field path, and a message naming the first field. */
export function validationError(error: ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  const [field, messages] = Object.entries(errors)[0] ?? ['_', ['Invalid input']];
  const message = field === '_' ? messages[0]! : `${field}: ${messages[0]}`;
  return new HttpError(400, message, 'validation_failed', errors);
}

/** Reads a body of at most 1 MB as text, exactly as sent (signed notifications are verified on these bytes). */
export async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'The request body is larger than 1 MB', 'payload_too_large');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new HttpError(413, 'The request body is larger than 1 MB', 'payload_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON body of at most 1 MB; an empty body reads as {}. */
export async function readJson(request: Request): Promise<unknown> {
  const text = (await readText(request)).trim();
  if (!text) return {};
  // PostgreSQL text cannot hold NUL, and no field of ours needs it: refuse it here rather than fail there.
  if (text.includes('\u0000') || text.includes('\\u0000')) throw badRequest('The request body contains a NUL character');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
}

/** Parses a body against a zod schema; failures become a 400 naming the field. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const body = await readJson(request);
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * For the methods an endpoint does not serve (its `ALL` export): a JSON 405 with `Allow` naming the ones
 * it does, never Astro's HTML 404 or the catch-all's "No API endpoint".
 */
export function methodNotAllowed(...allowed: string[]): APIRoute {
  return () =>
    errorResponse(new HttpError(405, `Use ${allowed.join(' or ')} for this endpoint`, 'method_not_allowed', undefined, { allow: allowed.join(', ') }));
}
