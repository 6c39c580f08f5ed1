/**
 * The browser's HTTP client: one ky instance per base. The shop API is same-origin `/api/…`; the
 * catalogue is `{api}` (PUBLIC_CATALOG_API, default /catalog) so it can be served elsewhere.
 * Our client, unlike the spec's, does look at status codes: a 4xx/5xx becomes an ApiError with the
 * server's message.
 */
import ky, { HTTPError } from 'ky';

export const CATALOG_API = (import.meta.env.PUBLIC_CATALOG_API as string | undefined) || '/catalog';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

async function toApiError(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `error.data` (the response body itself is consumed).
    const data: unknown = error.data;
    const body = (data && typeof data === 'object' ? data : {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(error.response.status, body.message || 'Something went wrong', body.errors);
  }
  throw error;
}

const base = ky.create({ credentials: 'same-origin', timeout: 20_000, retry: 0 });

/** Calls the shop API (`/api/…`). */
export const api = {
  get: <T>(path: string, options?: Parameters<typeof base.get>[1]) => base.get(`/api/${path}`, options).json<T>().catch(toApiError),
  post: <T>(path: string, json?: unknown, options?: Parameters<typeof base.post>[1]) => base.post(`/api/${path}`, { json, ...options }).json<T>().catch(toApiError),
  put: <T>(path: string, json?: unknown, options?: Parameters<typeof base.put>[1]) => base.put(`/api/${path}`, { json, ...options }).json<T>().catch(toApiError),
  delete: <T>(path: string, json?: unknown, options?: Parameters<typeof base.delete>[1]) => base.delete(`/api/${path}`, { json, ...options }).json<T>().catch(toApiError),
};

/** Calls the catalogue (`{api}/…`). */
export const catalog = {
  get: <T>(path: string, options?: Parameters<typeof base.get>[1]) => base.get(`${CATALOG_API}/${path}`, options).json<T>().catch(toApiError),
};
