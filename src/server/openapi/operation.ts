/**
 * One HTTP operation as the OpenAPI document describes it, made from the zod schemas the route itself
 * uses: its path parameters, query, body and answers. Registering a route is one `op(...)` line in
 * operations.ts; the document (document.ts) adds what every operation shares (the error answers the
 * middleware can give, the security schemes).
 */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: `public` (anyone; no session read), `guest` (anyone; a signed-in customer's session
 * counts, else the guest cookies), `customer` (a session: 401 without one), `admin`
 * (`Authorization: Bearer $ADMIN_TOKEN`; 404 while ADMIN_TOKEN is unset).
 */
export type Access = 'public' | 'guest' | 'customer' | 'admin';

export interface OperationSpec {
  summary: string;
  tag: string;
  access?: Access;
  description?: string;
  /** Path parameters, one per `{name}` of the path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is a file, not JSON: its media types, and what it holds. */
  fileBody?: { types: string[]; description: string };
  /** Also takes a plain HTML form post (urlencoded) and answers it with a 303 redirect. */
  form?: boolean;
  /** The success answers by status (JSON). */
  answers: Record<number, z.ZodType>;
  /** A 200 answer that is a file, not JSON (an export): its media type, and what it holds. */
  fileAnswer?: { type: string; description: string };
  /** The error statuses this operation itself gives (JSON `Error`); the shared ones are added. */
  errors?: number[];
  /** An error answer whose shape is not the shared `Error` (by status). */
  errorAnswers?: Record<number, z.ZodType>;
  /** Answer headers worth naming, e.g. a cache policy. */
  cacheable?: boolean;
}

export interface Operation extends OperationSpec {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/api/addresses/{id}`. */
  path: string;
}

export const op = (method: HttpMethod, path: string, spec: OperationSpec): Operation => ({ method, path, ...spec });
