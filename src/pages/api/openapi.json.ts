import { endpoint } from '~/server/http.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';
import { openApiJson } from '~/server/openapi/document.ts';

/** GET /api/openapi.json: the OpenAPI 3.1 document of the whole API (src/server/openapi/). Cacheable, with an ETag. */
export const GET = endpoint(async ({ request }) => {
  const { json, etag } = await openApiJson();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600', etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(json, { headers });
});

export const ALL = methodNotAllowed('GET');
