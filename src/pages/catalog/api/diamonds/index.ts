import { diamondQuerySchema, queryRecord, toDiamondQuery } from '~/features/diamonds/diamonds.schema.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { searchDiamonds, type SearchTiming } from '~/server/diamonds/diamonds.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { json } from '~/server/endpoint/http.ts';
import { sharePage } from '~/server/page-cache/page-cache.ts';

const PARAMS = ['page_number', 'page_size', 'sort_by', 'sort_direction', 'diamond_filters'];

/**
 * One page of matching stones, the total and the facets. The query is read here as the listing page
 * reads it (queryRecord: the first value of each known parameter), not by route(), which would take the last.
 */
export const GET = route({ ...catalogEndpoints.diamonds, query: undefined }, async ({ context: { url, locals } }) => {
  // The same for every shopper: the shared cache keeps it until a diamond changes (src/server/page-cache/page-cache.ts).
  sharePage(locals);
  const query = toDiamondQuery(diamondQuerySchema.parse(queryRecord(url.searchParams, PARAMS)));
  // The shared cache's miss reports these with its own parts (src/server/page-cache/page-cache.ts).
  const timing: SearchTiming = locals.timing ?? {};
  const page = await searchDiamonds(query, { timing });
  const serverTiming = Object.entries(timing)
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
  return json(page, { headers: { 'server-timing': serverTiming } });
});

export const ALL = otherMethods(catalogEndpoints.diamonds);
