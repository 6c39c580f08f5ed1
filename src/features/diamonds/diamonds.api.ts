/** The diamond calls of the catalogue (src/server/catalog/catalog.endpoints.ts): cancellable through an AbortSignal. */
import { call } from '~/lib/http.ts';
import type { catalogEndpoints as E } from '~/server/catalog/catalog.endpoints.ts';
import { compactFilters, DEFAULT_PAGE_SIZE, type DiamondPage } from './diamond-query.ts';
import type { DiamondListingState } from './diamond-url.ts';

export function fetchDiamonds(state: DiamondListingState, signal?: AbortSignal): Promise<DiamondPage> {
  return call<typeof E.diamonds>('GET /catalog/api/diamonds', {
    signal,
    searchParams: {
      page_number: state.page,
      page_size: DEFAULT_PAGE_SIZE,
      sort_by: state.sort_by,
      sort_direction: state.sort_direction,
      diamond_filters: JSON.stringify(compactFilters(state.filters)),
    },
  });
}
