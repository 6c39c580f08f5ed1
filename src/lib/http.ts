/**
 * The browser's HTTP client. The shop API is same-origin `/api/…`; the catalogue is `{api}`
 * (PUBLIC_CATALOG_API, default /catalog) so it can be served elsewhere. Our client, unlike the API's,
 * does look at status codes: a 4xx/5xx becomes an ApiError with the server's message.
 *
 * Reads (GET) use the platform's fetch: every page reads the cart at load and the listings search on
 * every change, and ky is 8.8 KB of gzipped JavaScript that those pages would otherwise all download
 * (budget). Changes (POST, PUT, DELETE) go through ky, loaded with the first change a
 * shopper makes: JSON bodies, the timeout and the error body handled in one place.
 */
import type { KyInstance, Options } from 'ky';
import type { AnswerOf, EndpointSpec, RequestBodyOf, RouteOf } from '~/server/endpoint/define.ts';
import { shopperTextFor } from './shopper-text.ts';

export const CATALOG_API = (import.meta.env.PUBLIC_CATALOG_API as string | undefined) || '/catalog';
const TIMEOUT_MS = 20_000;

/**
 * A request that failed. `message` is already words for a shopper (src/lib/shopper-text.ts: no URL,
 * method or field key); `serverMessage`, `code` and `errors` are the API's answer as it came. `status` 0:
 * no answer at all (offline, the connection dropped, the time-out).
 */
export class ApiError extends Error {
  readonly serverMessage: string;
  constructor(
    readonly status: number,
    serverMessage: string,
    readonly errors?: Record<string, string[]>,
    readonly code?: string,
  ) {
    super(shopperTextFor({ status, message: serverMessage, code, errors }));
    this.serverMessage = serverMessage;
  }
}

function fromBody(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as { message?: string; code?: string; errors?: Record<string, string[]> };
  return new ApiError(status, body.message || 'Something went wrong', body.errors, body.code);
}

/** A request that got no answer; a caller's own abort stays an AbortError (nothing to tell anyone). */
function noAnswer(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

export interface GetOptions {
  signal?: AbortSignal;
  searchParams?: Record<string, string | number | boolean>;
}

async function get<T>(path: string, { signal, searchParams }: GetOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(searchParams ?? {})) url.searchParams.set(name, String(value));
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    throw noAnswer(error, signal);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw fromBody(response.status, data);
  return data as T;
}

let client: Promise<{ ky: KyInstance; isHttpError: (error: unknown) => error is { response: Response; data: unknown } }> | undefined;
const loadClient = () =>
  (client ??= import('ky')
    .then(({ default: ky, HTTPError }) => ({
      ky: ky.create({ credentials: 'same-origin', timeout: TIMEOUT_MS, retry: 0 }),
      isHttpError: (error: unknown): error is InstanceType<typeof HTTPError> => error instanceof HTTPError,
    }))
    .catch((error: unknown) => {
      // ky's code did not arrive (offline): the next change tries again.
      client = undefined;
      throw error;
    }));

async function send<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, json: unknown, options?: Options): Promise<T> {
  let isHttpError: (error: unknown) => error is { response: Response; data: unknown } = (_error): _error is never => false;
  try {
    const loaded = await loadClient();
    isHttpError = loaded.isHttpError;
    return await loaded.ky[method](path, { json, ...options }).json<T>();
  } catch (error) {
    // ky 2 has already read the body into `error.data` (the response body itself is consumed).
    if (isHttpError(error)) throw fromBody(error.response.status, error.data);
    throw noAnswer(error, options?.signal ?? undefined);
  }
}

export interface CallInput<E extends EndpointSpec> {
  /** Values for the path's `{name}` parameters. */
  params?: Record<string, string | number>;
  body?: RequestBodyOf<E>;
  searchParams?: GetOptions['searchParams'];
  /** Extra request headers of a change (e.g. a bearer token); reads send none. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls an endpoint by its declaration's method and path (src/server/endpoint/define.ts), e.g.
 * `call<typeof cartAdd>('POST /api/checkout/cart/add', { body })`: the route, the body and the answer are
 * checked against the declaration when the code compiles, and nothing of it reaches the browser but the
 * route's words. `/catalog/…` paths go to the catalogue's base (PUBLIC_CATALOG_API).
 */
export function call<E extends EndpointSpec>(route: RouteOf<E>, input: CallInput<E> = {}): Promise<AnswerOf<E>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space).toLowerCase();
  let path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input.params?.[name] ?? '')));
  if (path.startsWith('/catalog/')) path = `${CATALOG_API}${path.slice('/catalog'.length)}`;
  if (method === 'get') return get<AnswerOf<E>>(path, input);
  const { searchParams, headers, signal } = input;
  const options: Options = { ...(searchParams && { searchParams }), ...(headers && { headers }), ...(signal && { signal }) };
  return send<AnswerOf<E>>(method as 'post' | 'put' | 'patch' | 'delete', path, input.body, options);
}
