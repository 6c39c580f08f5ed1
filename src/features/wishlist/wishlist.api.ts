/** The wishlist calls of docs/api.md (the only browser code that knows their paths). */
import { api } from '~/lib/http.ts';
import type { MoveSize, MoveToCartAnswer, WishlistAddByoPayload, WishlistAddPayload, WishlistChange, WishlistPage } from './wishlist.schema.ts';

export const wishlistApi = {
  page: (page: number) => api.get<WishlistPage>('wishlist', { searchParams: { page } }),
  count: () => api.get<{ data: { count: number } }>('wishlist/count'),
  add: (id: number, payload: WishlistAddPayload = {}) => api.post<WishlistChange>(`wishlist/add/${id}`, payload),
  addByo: (payload: WishlistAddByoPayload) => api.post<WishlistChange>('wishlist/add-byo', payload),
  remove: (id: number) => api.delete<WishlistChange>(`wishlist/${id}`),
  removeByo: (byoId: string) => api.delete<WishlistChange>(`wishlist/remove-byo/${encodeURIComponent(byoId)}`),
  clear: (ids?: number[]) => api.delete<WishlistChange>('wishlist/clear', ids ? { ids } : {}),
  /** `size`: the ring size of a ring saved without one. */
  moveToCart: (id: number, size: MoveSize = {}) => api.post<MoveToCartAnswer>(`move-to-cart/${id}`, sizeParams(size)),
  moveByoToCart: (byoID: string, size: MoveSize = {}) => api.post<MoveToCartAnswer>('wishlist/move-byo-to-cart', { byoID, ...sizeParams(size) }),
  moveAllToCart: () => api.post<MoveToCartAnswer>('move-to-cart/all', {}),
};

function sizeParams(size: MoveSize): Record<string, string> {
  return Object.fromEntries(Object.entries(size).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}
