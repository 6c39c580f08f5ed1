/**
 * The tests' client of a declared endpoint (src/server/endpoint/define.ts): the method and path come from
 * the declaration, path parameters are filled in, and a success answer is parsed by the declared schema,
 * so a test reads a typed body and fails where the server sends what the declaration does not say.
 */
import type { z } from 'zod';
import type { AnswerOf, EndpointSpec, RequestBodyOf } from '~/server/endpoint/define.ts';
import type { Answer } from './http-client.ts';

export interface EndpointInput<E extends EndpointSpec> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: RequestBodyOf<E>;
}

/** The method and the path (with its parameters and query) a call of `endpoint` goes to. */
export function endpointRequest<E extends EndpointSpec>(endpoint: E, input: EndpointInput<E> = {}): { method: string; path: string } {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return { method: endpoint.method.toUpperCase(), path: query ? `${path}?${query}` : path };
}

/** The answer, its success body parsed by the declared schema (an error answer is left as it came). */
export function declaredAnswer<E extends EndpointSpec>(endpoint: E, answer: Answer): Answer<AnswerOf<E>> {
  const schema: z.ZodType | undefined = endpoint.answers[answer.status];
  if (!schema) return answer;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new Error(
      `${endpoint.method.toUpperCase()} ${endpoint.path} answered ${answer.status} with a body its declaration does not allow: ${parsed.error.message}`,
    );
  return { ...answer, body: parsed.data as AnswerOf<E> };
}
