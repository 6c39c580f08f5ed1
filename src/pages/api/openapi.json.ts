import { otherMethods, route } from '~/server/endpoint/route.ts';
import { openApiEndpoint, openApiJson } from '~/server/openapi/document.ts';

/** The OpenAPI 3.1 document of the whole API (src/server/openapi/). Cacheable, with an ETag. */
export const GET = route(openApiEndpoint, async ({ context: { request } }) => {
  const { json, etag } = await openApiJson();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600', etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(json, { headers });
});

export const ALL = otherMethods(openApiEndpoint);
