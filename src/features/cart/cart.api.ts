/** The cart calls of docs/api.md (the only browser code that knows their paths). */
import { api } from '~/lib/http.ts';
import type { CartAddPayload, CartAnswer, CartDeleteItemPayload, CartUpdatePayload } from './cart.schema.ts';

export const cartApi = {
  get: () => api.get<CartAnswer>('checkout/cart'),
  add: (payload: CartAddPayload) => api.post<CartAnswer>('checkout/cart/add', payload),
  update: (payload: CartUpdatePayload) => api.put<CartAnswer>('checkout/cart/update', payload),
  removeItem: (data: CartDeleteItemPayload['data']) => api.delete<CartAnswer>('checkout/cart/delete-items', { data }),
  removeAll: (cart_id: number) => api.delete<CartAnswer>('checkout/cart/delete-items-all', { data: { cart_id } }),
};
