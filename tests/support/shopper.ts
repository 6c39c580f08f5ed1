/**
 * An API client with its own cookie jar, like one browser: it keeps what Set-Cookie gives and sends it
 * back, so that each test is a separate shopper (guest cart and wishlist cookies). Redirects are answers
 * too (a form post's 303 is what a test checks).
 */
import type { AnswerOf, EndpointSpec } from '~/server/endpoint/define.ts';
import { declaredAnswer, endpointRequest, type EndpointInput } from './endpoint-client.ts';
import { call, type Answer } from './http-client.ts';
import { openDatabase, type Db } from '~/server/db/database.ts';

export class Shopper {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie headers of the last answer. */
  lastSetCookie: string[] = [];

  constructor(readonly base: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await call<T>(this.base, method, path, body, { ...(cookie ? { cookie } : {}), ...headers }, { redirect: 'manual' });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    return res;
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>('POST', path, body);
  put = <T = any>(path: string, body: unknown) => this.call<T>('PUT', path, body);
  delete = <T = any>(path: string, body?: unknown) => this.call<T>('DELETE', path, body);

  /** Calls a declared endpoint (tests/support/endpoint-client.ts): its success answer typed and checked by its schema. */
  async send<E extends EndpointSpec>(endpoint: E, input: EndpointInput<E> = {}): Promise<Answer<AnswerOf<E>>> {
    const { method, path } = endpointRequest(endpoint, input);
    return declaredAnswer(endpoint, await this.call(method, path, input.body));
  }
}

/** Runs `write` on the test server's database (SQLite file or PostgreSQL), behind the API's back. */

export async function writeDb(databaseUrl: string, write: (db: Db) => Promise<unknown>): Promise<void> {
  const conn = await openDatabase(databaseUrl);
  try {
    await write(conn.db);
  } finally {
    await conn.close();
  }
}
