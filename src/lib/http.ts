/**
 * The browser's HTTP client. The shop API is same-origin `/api/…`; the catalogue is `{api}`
 * (PUBLIC_CATALOG_API, default /catalog) so it can be served elsewhere. Our client, unlike the spec's,
 * does look at status codes: a 4xx/5xx becomes an ApiError with the server's message.
 *
 * Reads (GET) use the platform's fetch: every page reads the cart at load and the listings search on
 * every change, and ky is 8.8 KB of gzipped JavaScript that those pages would otherwise all download
 * (issue 10's budget). Changes (POST, PUT, DELETE) go through ky, loaded with the first change a
 * shopper makes: JSON bodies, the timeout and the error body handled in one place.
 */
import type { KyInstance, Options } from 'ky';

export const CATALOG_API = (import.meta.env.PUBLIC_CATALOG_API as string | undefined) || '/catalog';
const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

function fromBody(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as { message?: string; errors?: Record<string, string[]> };
  return new ApiError(status, body.message || 'Something went wrong', body.errors);
}

export interface GetOptions {
  signal?: AbortSignal;
  searchParams?: Record<string, string | number | boolean>;
}

async function get<T>(path: string, { signal, searchParams }: GetOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(searchParams ?? {})) url.searchParams.set(name, String(value));
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw fromBody(response.status, data);
  return data as T;
}

let client: Promise<{ ky: KyInstance; isHttpError: (error: unknown) => error is { response: Response; data: unknown } }> | undefined;
const loadClient = () =>
  (client ??= import('ky').then(({ default: ky, HTTPError }) => ({
    ky: ky.create({ credentials: 'same-origin', timeout: TIMEOUT_MS, retry: 0 }),
    isHttpError: (error: unknown): error is InstanceType<typeof HTTPError> => error instanceof HTTPError,
  })));

async function send<T>(method: 'post' | 'put' | 'delete', path: string, json: unknown, options?: Options): Promise<T> {
  const { ky, isHttpError } = await loadClient();
  try {
    return await ky[method](path, { json, ...options }).json<T>();
  } catch (error) {
    // ky 2 has already read the body into `error.data` (the response body itself is consumed).
    if (isHttpError(error)) throw fromBody(error.response.status, error.data);
    throw error;
  }
}

/** Calls the shop API (`/api/…`). */
export const api = {
  get: <T>(path: string, options?: GetOptions) => get<T>(`/api/${path}`, options),
  post: <T>(path: string, json?: unknown, options?: Options) => send<T>('post', `/api/${path}`, json, options),
  put: <T>(path: string, json?: unknown, options?: Options) => send<T>('put', `/api/${path}`, json, options),
  delete: <T>(path: string, json?: unknown, options?: Options) => send<T>('delete', `/api/${path}`, json, options),
};

/** Calls the catalogue (`{api}/…`). */
export const catalog = {
  get: <T>(path: string, options?: GetOptions) => get<T>(`${CATALOG_API}/${path}`, options),
};
