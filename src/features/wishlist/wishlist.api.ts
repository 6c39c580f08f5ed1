/** The wishlist calls of docs/api.md, typed by their declarations (src/server/wishlist/wishlist.endpoints.ts). */
import { call } from '~/lib/http.ts';
import type { wishlistEndpoints as E } from '~/server/wishlist/wishlist.endpoints.ts';
import type { MoveSize, WishlistAddByoPayload, WishlistAddPayload } from './wishlist.schema.ts';

export const wishlistApi = {
  page: (page: number) => call<typeof E.page>('GET /api/wishlist', { searchParams: { page } }),
  count: () => call<typeof E.count>('GET /api/wishlist/count'),
  add: (id: number, body: WishlistAddPayload = {}) => call<typeof E.add>('POST /api/wishlist/add/{id}', { params: { id }, body }),
  addByo: (body: WishlistAddByoPayload) => call<typeof E.addByo>('POST /api/wishlist/add-byo', { body }),
  remove: (id: number) => call<typeof E.remove>('DELETE /api/wishlist/{id}', { params: { id } }),
  removeByo: (byoId: string) => call<typeof E.removeByo>('DELETE /api/wishlist/remove-byo/{id}', { params: { id: byoId } }),
  clear: (ids?: number[]) => call<typeof E.clear>('DELETE /api/wishlist/clear', { body: ids ? { ids } : {} }),
  /** `size`: the ring size of a ring saved without one. */
  moveToCart: (id: number, size: MoveSize = {}) => call<typeof E.moveToCart>('POST /api/move-to-cart/{id}', { params: { id }, body: sizeParams(size) }),
  moveByoToCart: (byoID: string, size: MoveSize = {}) =>
    call<typeof E.moveByoToCart>('POST /api/wishlist/move-byo-to-cart', { body: { byoID, ...sizeParams(size) } }),
  moveAllToCart: () => call<typeof E.moveAllToCart>('POST /api/move-to-cart/all'),
};

function sizeParams(size: MoveSize): Record<string, string> {
  return Object.fromEntries(Object.entries(size).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}
