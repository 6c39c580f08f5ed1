import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { notFound } from '~/server/endpoint/http.ts';
import { sharePage } from '~/server/page-cache/page-cache.ts';

/** One stone by id, certificate number or sku; sold ones too, with their status. */
export const GET = route(catalogEndpoints.diamond, async ({ context, params }) => {
  sharePage(context.locals); // the same for every shopper
  const row = await getDiamond(params.id);
  if (!row) throw notFound('No diamond has that id or certificate number');
  return toDiamond(row);
});

export const ALL = otherMethods(catalogEndpoints.diamond);
