/**
 * One endpoint, declared once: its method and path, who may call it, the zod schemas of its path
 * parameters, query, body and answers, and how a plain HTML form post to it is answered. Everything else
 * reads this one declaration:
 * - the route: `route(endpoint, handler)` (route.ts) checks access, parses the inputs and sends the answer;
 * - the OpenAPI document (src/server/openapi/document.ts) lists every declaration (src/server/openapi/operations.ts);
 * - the browser's typed call: `call<typeof endpoint>('POST /api/…', …)` (src/lib/http.ts) is checked
 *   against the declared method, path, body and answer at compile time, with no schema in the bundle;
 * - the tests' client (tests/support/endpoint-client.ts) calls it and checks the answer against the schema.
 * Each area declares its endpoints in `src/server/<area>/<area>.endpoints.ts`.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: `public` (anyone; no session read), `guest` (anyone; a signed-in customer's session
 * counts, else the guest cookies), `customer` (a session: 401 without one), `admin`
 * (`Authorization: Bearer $ADMIN_TOKEN` or a staff session; 404 while neither is possible).
 */
export type Access = 'public' | 'guest' | 'customer' | 'admin';

/** What a plain HTML form post (before JavaScript loads) gets back: a 303 to a page that shows the outcome. */
export interface FormReply {
  /** The page to go back to; a function of the request (and the form's fields) where it depends on them. */
  page: string | ((context: APIContext, fields: Record<string, unknown>) => string);
  /** Back to the same-site page the form was on (its Referer) when there is one, else `page`. */
  back?: boolean;
  /** The answer's `message` goes along as `?notice=` (failures always go as `?error=`). */
  notice?: boolean;
  /** A 401 sends the shopper to sign in first, then back to the page. */
  signIn?: boolean;
  /**
   * Instead of words: an outcome code in `?<param>=` (and the page's `#hash`), which the page prints.
   * `of` maps the answer's status, or the refusal, to the code.
   */
  outcome?: { param: string; hash?: string; of: (result: { status: number; error?: { status: number; code: string } }) => string };
}

export interface EndpointSpec {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/api/addresses/{id}`. */
  path: string;
  summary: string;
  tag: string;
  access?: Access;
  description?: string;
  /** Path parameters, one per `{name}` of the path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is a file, not JSON: its media types, and what it holds (the handler reads it). */
  fileBody?: { types: string[]; description: string };
  /** Also takes a plain HTML form post (urlencoded or multipart), answered with a 303 to a page. */
  form?: FormReply;
  /** The success answers by status (JSON). */
  answers: Record<number, z.ZodType>;
  /** A 200 answer that is a file (an invoice PDF): its media types and what it holds. */
  fileAnswer?: { types: string[]; description: string };
  /** The error statuses this endpoint itself gives (JSON `Error`); the shared ones are added by the document. */
  errors?: number[];
  /** An error answer whose shape is not the shared `Error` (by status). */
  errorAnswers?: Record<number, z.ZodType>;
  /** The answer is the same for every caller: shared caches may keep it. */
  cacheable?: boolean;
}

/** Declares an endpoint; the literal types of its method, path and schemas are kept for the typed call. */
export const defineEndpoint = <const E extends EndpointSpec>(spec: E): E => spec;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the route's handler gets, parsed: path parameters, query and body. */
export type ParamsOf<E extends EndpointSpec> = Output<E['params']>;
export type QueryOf<E extends EndpointSpec> = Output<E['query']>;
export type BodyOf<E extends EndpointSpec> = Output<E['body']>;
/** What a client sends as the body (before the schema's defaults and transforms). */
export type RequestBodyOf<E extends EndpointSpec> = Input<E['body']>;
/** The success answer as the server sends it (its JSON). */
export type AnswerOf<E extends EndpointSpec> = { [S in keyof E['answers']]: z.output<E['answers'][S]> }[keyof E['answers']];
/** `POST /api/…`: the method and path a client names an endpoint by. */
export type RouteOf<E extends EndpointSpec> = `${Uppercase<E['method']>} ${E['path']}`;
