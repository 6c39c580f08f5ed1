/** The checkout calls of docs/api.md (the only browser code that knows their paths). */
import { api } from '~/lib/http.ts';
import type {
  CheckoutAnswer,
  CheckoutCart,
  PaymentMethod,
  PaymentMethodCode,
  Region,
  SaveAddressPayload,
  SaveOrderAnswer,
  ShippingRate,
} from './checkout.schema.ts';

export const checkoutApi = {
  countries: () => api.get<{ data: Region[] }>('checkout/countries'),
  states: (country: string) => api.post<{ data: Region[] }>('checkout/states', { country }),
  saveAddress: (payload: SaveAddressPayload) =>
    api.post<{ message: string; data: { cart: CheckoutCart; rates: ShippingRate[] } }>('checkout/save-address', payload),
  /** Cancellable: pass the signal of an AbortController when the address changes again. */
  shippingRates: (shipping: unknown, signal?: AbortSignal) =>
    api.post<{ data: ShippingRate[] }>('checkout/get-shipping-rates', { addresses: { shipping } }, { signal }),
  saveShipping: (id: string) => api.post<CheckoutAnswer>('checkout/save-shipping', { selected_shipping_rate_id: id }),
  paymentMethods: () => api.post<{ data: PaymentMethod[] }>('checkout/get-payment-methods', { checkCart: true }),
  savePayment: (method: PaymentMethodCode) => api.post<CheckoutAnswer>('checkout/save-payment', { payment: { method } }),
  applyCoupon: (code: string) => api.post<CheckoutAnswer>('checkout/cart/coupon', { code }),
  removeCoupon: () => api.delete<CheckoutAnswer>('checkout/cart/coupon'),
  applyCredit: (amount: number) => api.post<CheckoutAnswer>('checkout/cart/store-credits', { amount }),
  removeCredit: () => api.delete<CheckoutAnswer>('checkout/cart/delete-storecredits', { data: {} }),
  saveOrder: () => api.post<SaveOrderAnswer>('checkout/save-order', { paymentData: {} }),
};

export const successUrl = (order: { id: number; order_token: string }) => `/checkout/success?order=${order.id}&token=${encodeURIComponent(order.order_token)}`;
