import { endpoint, notFound, methodNotAllowed } from '~/server/http.ts';
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { sharePage } from '~/server/page-cache.ts';

/** GET {api}/api/diamonds/{id}: one stone by id, certificate number or sku; sold ones too, with their status. */
export const GET = endpoint(async ({ params, locals }) => {
  sharePage(locals); // the same for every shopper
  const row = await getDiamond(params.id ?? '');
  if (!row) throw notFound('No diamond has that id or certificate number');
  return toDiamond(row);
});

export const ALL = methodNotAllowed('GET');
