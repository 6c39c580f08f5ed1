/**
 * The OpenAPI 3.1 document of the whole HTTP API (served at GET /api/openapi.json), generated from the
 * registered operations (operations.ts) with zod's own JSON Schema output: requests as their schemas
 * accept them (`io: 'input'`), answers as the presenters produce them (`io: 'output'`). Named answer
 * schemas become `components.schemas`; everything the middleware may answer for any operation (400 for
 * a NUL or a malformed % escape in the address, 403 from another site, 408 for a body that does not
 * arrive in time, 413 for a body over 1 MB, 414 for an address over 8,192 characters, 503 while starting) is added
 * to each operation here, so that the registrations list only what the route itself does.
 */
import { z } from 'zod';
import { SESSION_COOKIE } from '~/server/accounts/session.ts';
import { errorBodySchema } from '~/server/endpoint/http.ts';
import { customerSchema } from '~/server/accounts/accounts.answers.ts';
import { addressSchema } from '~/server/addresses/addresses.answers.ts';
import { appointmentSchema } from '~/server/appointments/appointments.answers.ts';
import { cartItemSchema, cartSchema, lineProductSchema, lineVariantSchema } from '~/server/cart/cart.answers.ts';
import {
  checkoutCartSchema,
  orderLineSchema,
  paymentMethodSchema,
  placedOrderSchema,
  regionSchema,
  shippingRateSchema,
} from '~/server/checkout/checkout.answers.ts';
import { diamondFacetsSchema, diamondSchema } from '~/server/diamonds/diamonds.answers.ts';
import { productSchema, productFacetsSchema } from '~/server/products/products.answers.ts';
import { wishlistEntrySchema } from '~/server/wishlist/wishlist.answers.ts';
import { CART_COOKIE, WISHLIST_COOKIE } from '~/server/shopper/owner.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import type { EndpointSpec as Operation } from '~/server/endpoint/define.ts';
import { operations } from './operations.ts';

type JsonSchema = Record<string, unknown>;

/** Answer schemas that get a name of their own in `components.schemas` (and are `$ref`ed wherever used). */
const NAMED: [z.ZodType, string][] = [
  [errorBodySchema, 'Error'],
  [customerSchema, 'Customer'],
  [addressSchema, 'Address'],
  [lineVariantSchema, 'LineVariant'],
  [lineProductSchema, 'LineProduct'],
  [cartItemSchema, 'CartItem'],
  [cartSchema, 'Cart'],
  [checkoutCartSchema, 'CheckoutCart'],
  [shippingRateSchema, 'ShippingRate'],
  [paymentMethodSchema, 'PaymentMethod'],
  [regionSchema, 'Region'],
  [orderLineSchema, 'OrderLine'],
  [placedOrderSchema, 'PlacedOrder'],
  [wishlistEntrySchema, 'WishlistEntry'],
  [appointmentSchema, 'Appointment'],
  [diamondSchema, 'Diamond'],
  [diamondFacetsSchema, 'DiamondFacets'],
  [productSchema, 'Product'],
  [productFacetsSchema, 'ProductFacets'],
];

/** The document describes itself loosely: it is OpenAPI 3.1, checked by the suite with an OpenAPI validator. */
const documentAnswerSchema = z
  .object({ openapi: z.literal('3.1.0'), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) })
  .loose();

/** GET /api/openapi.json: this document. */
export const openApiEndpoint = defineEndpoint({
  method: 'get',
  path: '/api/openapi.json',
  tag: 'Meta',
  summary: 'This OpenAPI 3.1 document',
  answers: { 200: documentAnswerSchema },
  cacheable: true,
});

/** Every operation, the document's own included. */
export const allOperations: Operation[] = [...operations, openApiEndpoint];

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  303: 'See Other: a plain HTML form post goes back to a page',
  400: 'The request is not valid: `message` names the field, `errors` lists every field',
  401: 'Sign-in needed (or the credentials are wrong)',
  402: 'The payment was refused',
  403: 'Not allowed: a request from another site, or a cart or wishlist that is not the caller’s',
  404: 'Not found',
  409: 'Conflicts with the current state (sold, reserved, changed meanwhile)',
  408: 'The request body did not arrive in time',
  413: 'The request body is larger than 1 MB',
  414: 'The address is longer than 8,192 characters',
  422: 'A choice the item needs is missing: a ring without its size (`errors.selected_size`)',
  429: 'Too many requests: wait for Retry-After seconds',
  503: 'The shop is starting or its database is unavailable',
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const operationId = (o: Operation) =>
  o.method +
  o.path
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** Drops what a component or an inline schema must not repeat inside an OpenAPI document. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

function parameters(o: Operation, inline: (s: z.ZodType) => JsonSchema) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', o.params],
    ['query', o.query],
  ] as const) {
    if (!schema) continue;
    const json = inline(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property;
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  return out;
}

function security(o: Operation) {
  const session = [{ sessionCookie: [] }, { bearerToken: [] }];
  if (o.access === 'customer') return session;
  if (o.access === 'guest') return [{}, ...session];
  if (o.access === 'admin') return [{ adminToken: [] }, { staffSession: [] }];
  return [];
}

export function buildDocument(): JsonSchema {
  // Answers: one registry, so that named schemas are components and every other answer is one too.
  const answers = z.registry<{ id: string }>();
  for (const [schema, id] of NAMED) answers.add(schema, { id });
  const answerRef = (o: Operation, status: number, schema: z.ZodType) => {
    if (!answers.has(schema)) answers.add(schema, { id: `${operationId(o)}${status}` });
    return { $ref: `#/components/schemas/${answers.get(schema)!.id}` };
  };
  const requests = z.registry<{ id: string }>();
  const requestRef = (o: Operation, schema: z.ZodType) => {
    if (!requests.has(schema)) requests.add(schema, { id: `${operationId(o)}Request` });
    return { $ref: `#/components/schemas/${requests.get(schema)!.id}` };
  };
  const inline = (schema: z.ZodType) => clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const o of allOperations) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(o.answers)) {
      responses[status] = {
        description: STATUS_TEXT[Number(status)] ?? 'OK',
        ...(o.cacheable
          ? { headers: { 'Cache-Control': { description: 'The same for every caller: shared caches may keep it', schema: { type: 'string' } } } }
          : {}),
        content: { 'application/json': { schema: answerRef(o, Number(status), schema) } },
      };
    }
    if (o.fileAnswer) {
      const ok = (responses['200'] ??= { description: STATUS_TEXT[200] ?? 'OK', content: {} }) as { content: Record<string, unknown> };
      for (const t of o.fileAnswer.types) ok.content[t] = { schema: { type: 'string', contentMediaType: t, description: o.fileAnswer.description } };
    }
    if (o.form) responses['303'] = { description: STATUS_TEXT[303], headers: { Location: { schema: { type: 'string' } } } };
    const errors = new Set([
      400,
      413,
      414,
      503,
      ...(o.method === 'get' ? [] : [403, 408]),
      ...(o.access === 'customer' ? [401] : []),
      ...(o.access === 'admin' ? [403] : []),
      ...(o.errors ?? []),
    ]);
    for (const status of [...errors].sort()) {
      const special = o.errorAnswers?.[status];
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: special ? answerRef(o, status, special) : ERROR_REF } },
      };
    }
    const file = o.fileBody && {
      required: true,
      description: o.fileBody.description,
      content: Object.fromEntries(o.fileBody.types.map((t) => [t, { schema: { type: 'string' } }])),
    };
    const body =
      file ||
      (o.body && {
        required: false,
        content: {
          'application/json': { schema: requestRef(o, o.body) },
          ...(o.form ? { 'application/x-www-form-urlencoded': { schema: requestRef(o, o.body) } } : {}),
        },
      });
    (paths[o.path] ??= {})[o.method] = {
      operationId: operationId(o),
      tags: [o.tag],
      summary: o.summary,
      ...(o.description ? { description: o.description } : {}),
      security: security(o),
      parameters: parameters(o, inline),
      ...(body ? { requestBody: body } : {}),
      responses,
    };
  }

  const components = (registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') => {
    const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as {
      schemas: Record<string, JsonSchema>;
    };
    return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, clean(s)]));
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Aurelle storefront API',
      version: '1',
      description:
        'The shop’s own commerce API. Every error answers the `Error` shape with a 4xx status. A signed-in customer is named by the session cookie or the bearer token that sign-in answers (the same token). ' +
        `Guests are named by the cookies ${CART_COOKIE} (cart) and ${WISHLIST_COOKIE} (wishlist), set by the first add. The catalogue ({api}) is served under /catalog. ` +
        'Any other path or method under /api/ and /catalog/ answers an `Error`: 404 (no such endpoint) or 405 (with Allow), and before any route 400 (a NUL or a malformed % escape in the address), 403 (a request from another site), 408 (a body that did not arrive within 30 s), 413 (a body over 1 MB, whether sent with Content-Length or chunked) or 414 (an address over 8,192 characters).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(allOperations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components(answers, 'output'), ...components(requests, 'input') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/customer/login (httpOnly; 30 days).' },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The `token` that POST /api/customer/login answers (the same session as the cookie).' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN of the server; /api/admin/… answers 404 while it is unset.' },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'aurelle_staff',
          description:
            "A back-office staff session (sign-in at /admin/login), within the rights of the staff member's role; a role without the right gets 403 (docs/staff.md).",
        },
      },
    },
  };
}

let cached: { json: string; etag: string } | undefined;

/** The document as served: built once per process (it changes only with a release). */
export async function openApiJson(): Promise<{ json: string; etag: string }> {
  if (!cached) {
    const json = JSON.stringify(buildDocument());
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json))).toString('base64url');
    cached = { json, etag: `"${digest.slice(0, 27)}"` };
  }
  return cached;
}
