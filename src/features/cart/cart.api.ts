/** The cart calls of docs/api.md, typed by their declarations (src/server/cart/cart.endpoints.ts). */
import { call } from '~/lib/http.ts';
import type { cartEndpoints as E } from '~/server/cart/cart.endpoints.ts';
import type { CartAddPayload, CartDeleteItemPayload, CartUpdatePayload } from './cart.schema.ts';

export const cartApi = {
  get: () => call<typeof E.get>('GET /api/checkout/cart'),
  add: (body: CartAddPayload) => call<typeof E.add>('POST /api/checkout/cart/add', { body }),
  update: (body: CartUpdatePayload) => call<typeof E.update>('PUT /api/checkout/cart/update', { body }),
  removeItem: (data: CartDeleteItemPayload['data']) => call<typeof E.removeItem>('DELETE /api/checkout/cart/delete-items', { body: { data } }),
  removeAll: (cart_id: number) => call<typeof E.removeAll>('DELETE /api/checkout/cart/delete-items-all', { body: { data: { cart_id } } }),
};
