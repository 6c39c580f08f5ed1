/**
 * A route from its declaration (define.ts): who may call is checked first (a customer's session, the
 * admin token or a staff session), then the path parameters, query and body are parsed with the declared
 * schemas (a form post's fields like a JSON body, where the endpoint takes forms), and the handler gets
 * them typed. What it returns is the answer: a value is sent as JSON with the declared success status, a
 * Response passes as it is. Errors take the API's one error path (src/server/endpoint/http.ts).
 *
 * With CHECK_ANSWERS=1 (the test suites set it) every JSON answer is checked against its declared schema,
 * and a mismatch is a 500 that names the field: the OpenAPI document cannot drift from what is sent.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { requireCustomer } from '~/server/accounts/auth.ts';
import type { Customer } from '~/server/accounts/session.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { env } from '~/server/config/env.ts';
import { errorResponse, HttpError, json, methodNotAllowed, readBody, validationError } from '~/server/endpoint/http.ts';
import { log } from '~/server/observe/log.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import type { Shopper } from '~/server/shopper/shopper.ts';
import type { Actor } from '~/server/staff/activity.ts';
import type { AnswerOf, BodyOf, EndpointSpec, ParamsOf, QueryOf } from './define.ts';
import { answerForm, isFormPost } from './form.ts';

/** What the handler gets: the request's context and its inputs, parsed; the caller, where the endpoint names one. */
export type RouteInput<E extends EndpointSpec> = {
  context: APIContext;
  db: Db;
  /** Who is shopping (src/server/shopper/shopper.ts). */
  shopper: Shopper;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
} & (E['access'] extends 'customer' ? { customer: Customer } : unknown) &
  (E['access'] extends 'admin' ? { actor: Actor } : unknown);

export type RouteHandler<E extends EndpointSpec> = (input: RouteInput<E>) => Promise<AnswerOf<E> | Response> | AnswerOf<E> | Response;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

async function inputs<E extends EndpointSpec>(endpoint: E, context: APIContext, fields?: Record<string, unknown>): Promise<RouteInput<E>> {
  const caller: Record<string, unknown> = {};
  if (endpoint.access === 'customer') caller.customer = requireCustomer(context.locals);
  if (endpoint.access === 'admin') caller.actor = await requireAdmin(context);
  const params = endpoint.params ? parse(endpoint.params, context.params) : undefined;
  const query = endpoint.query ? parse(endpoint.query, Object.fromEntries(context.url.searchParams)) : undefined;
  const body = !endpoint.body ? undefined : fields ? parse(endpoint.body, fields) : await readBody(context.request, endpoint.body);
  return { context, db: await getDb(), shopper: context.locals.shopper, params, query, body, ...caller } as RouteInput<E>;
}

const successStatus = (endpoint: EndpointSpec) => Number(Object.keys(endpoint.answers)[0] ?? 200);

export function route<const E extends EndpointSpec>(endpoint: E, handler: RouteHandler<E>): APIRoute {
  const run = async (context: APIContext, fields?: Record<string, unknown>) => handler(await inputs(endpoint, context, fields));
  return async (context) => {
    try {
      if (endpoint.form && isFormPost(context.request)) return await answerForm(context, endpoint.form, (fields) => run(context, fields));
      const answer = await run(context);
      const response = answer instanceof Response ? answer : json(answer, { status: successStatus(endpoint) });
      return env('CHECK_ANSWERS') === '1' ? await checked(endpoint, response) : response;
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** The answer, if it is what the declaration says it is; otherwise a 500 naming the field that is not. */
async function checked(endpoint: EndpointSpec, response: Response): Promise<Response> {
  const schema = endpoint.answers[response.status] ?? endpoint.errorAnswers?.[response.status];
  if (!schema || !(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const result = schema.safeParse(await response.clone().json());
  if (result.success) return response;
  const problem = validationError(result.error).message;
  log.error({ path: endpoint.path, method: endpoint.method, problem }, 'The answer does not match its declared schema');
  return errorResponse(
    new HttpError(500, `The answer of ${endpoint.method.toUpperCase()} ${endpoint.path} does not match its schema: ${problem}`, 'answer_mismatch'),
  );
}

/** The route file's `ALL`: a 405 naming the methods its endpoints serve. */
export const otherMethods = (...endpoints: EndpointSpec[]): APIRoute => methodNotAllowed(...endpoints.map((e) => e.method.toUpperCase()));
