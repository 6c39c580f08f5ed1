/**
 * The one HTTP client of the API suites (api.ts re-exports it; Shopper and callFrom build on it). Free of
 * Vitest's inject(), so that helpers the e2e suites share can import it.
 */
import { checkAnswer } from './openapi-check.ts';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  /** 'manual': a redirect is the answer (a form post's 303 is what a test checks); default 'follow'. */
  redirect?: RequestRedirect;
}

/**
 * One request to a test server: a body other than a string is sent as JSON, the answer's body is parsed
 * as JSON when it is JSON. Every JSON answer of the API is checked against the OpenAPI document
 * (tests/support/openapi-check.ts), so a test fails where the code and the document disagree.
 */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  options: CallOptions = {},
): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method,
    redirect: options.redirect ?? 'follow',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answer<T>(base, method, res.url || base + path, res.status, res.headers, await res.text());
}

/** Parses an answer's text (JSON when it is JSON) and holds a JSON answer of the API to the document. */
export async function answer<T>(base: string, method: string, url: string, status: number, headers: Headers, text: string): Promise<Answer<T>> {
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a redirect, a page): tests that expect JSON will say so
  }
  await checkAnswer(base, method, url, status, headers, parsed);
  return { status, headers, body: parsed as T };
}
