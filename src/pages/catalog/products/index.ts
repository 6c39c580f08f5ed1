import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { queryRecord } from '~/features/diamonds/diamonds.schema.ts';
import { PRODUCT_QUERY_PARAMS, productQuerySchema } from '~/features/catalog/products.schema.ts';
import { listProducts } from '~/server/products/products.service.ts';
import { sharePage } from '~/server/page-cache.ts';

/** GET {api}/products: one page of products on sale, with listing variants and facets (docs/api.md, Catalogue). */
export const GET = endpoint(async ({ url, locals }) => {
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

export const ALL = methodNotAllowed('GET');
