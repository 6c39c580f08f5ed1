/** Helpers for API tests: the servers started by global-setup, and a small fetch wrapper. */
import { inject } from 'vitest';
import { DB_KINDS } from './databases.ts';

export const databases = DB_KINDS.map((kind) => ({ kind, ...inject('servers')[kind]! }));

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: tests that expect JSON will say so
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
