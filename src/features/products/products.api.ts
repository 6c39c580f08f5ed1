/** The product calls of the catalogue (src/server/catalog/catalog.endpoints.ts). */
import { call } from '~/lib/http.ts';
import type { catalogEndpoints as E } from '~/server/catalog/catalog.endpoints.ts';
import type { ProductFilters, ProductPage } from './product.ts';
import type { ProductListingState } from './product-url.ts';

export function fetchProducts(
  state: ProductListingState,
  scope: { categoryIds: number[]; fixed: ProductFilters; isByo?: boolean },
  signal?: AbortSignal,
): Promise<ProductPage> {
  return call<typeof E.products>('GET /catalog/products', {
    signal,
    searchParams: {
      page_number: state.page,
      page_size: 24,
      sort_by: state.sort_by,
      sort_direction: state.sort_direction,
      ...(scope.categoryIds.length && { category_id: scope.categoryIds.join(',') }),
      product_filters: JSON.stringify({ ...state.filters, ...scope.fixed }),
      ...(scope.isByo && { is_byo: 'true' }),
    },
  });
}
