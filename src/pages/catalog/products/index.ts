import { PRODUCT_QUERY_PARAMS, productQuerySchema } from '~/features/products/products.schema.ts';
import { queryRecord } from '~/features/diamonds/diamonds.schema.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { sharePage } from '~/server/page-cache/page-cache.ts';
import { listProducts } from '~/server/products/products.service.ts';

/**
 * One page of products on sale, with listing variants and facets. The query is read here as the listing
 * pages read it (queryRecord: the first value of each known parameter), not by route(), which would take the last.
 */
export const GET = route({ ...catalogEndpoints.products, query: undefined }, async ({ context: { url, locals } }) => {
  sharePage(locals); // the same for every shopper
  const q = productQuerySchema.parse(queryRecord(url.searchParams, PRODUCT_QUERY_PARAMS));
  return listProducts({
    page_number: q.page_number,
    page_size: q.page_size,
    sort_by: q.sort_by,
    sort_direction: q.sort_direction,
    categoryIds: q.category_id,
    isByo: q.is_byo,
    filters: q.product_filters,
  });
});

export const ALL = otherMethods(catalogEndpoints.products);
