/** The checkout calls of docs/api.md, typed by their declarations (src/server/checkout/checkout.endpoints.ts, cart.endpoints.ts). */
import { call } from '~/lib/http.ts';
import type { cartEndpoints as C } from '~/server/cart/cart.endpoints.ts';
import type { checkoutEndpoints as E } from '~/server/checkout/checkout.endpoints.ts';
import type { checkoutAddressSchema, PaymentMethodCode, SaveAddressPayload } from './checkout.schema.ts';
import type { z } from 'zod';

export const checkoutApi = {
  countries: () => call<typeof E.countries>('GET /api/checkout/countries'),
  states: (country: string) => call<typeof E.states>('POST /api/checkout/states', { body: { country } }),
  saveAddress: (body: SaveAddressPayload) => call<typeof E.saveAddress>('POST /api/checkout/save-address', { body }),
  /** Cancellable: pass the signal of an AbortController when the address changes again. */
  shippingRates: (shipping: z.input<typeof checkoutAddressSchema>, signal?: AbortSignal) =>
    call<typeof E.shippingRates>('POST /api/checkout/get-shipping-rates', { body: { addresses: { shipping } }, signal }),
  saveShipping: (id: string) => call<typeof E.saveShipping>('POST /api/checkout/save-shipping', { body: { selected_shipping_rate_id: id } }),
  paymentMethods: () => call<typeof E.paymentMethods>('POST /api/checkout/get-payment-methods', { body: { checkCart: true } }),
  savePayment: (method: PaymentMethodCode) => call<typeof E.savePayment>('POST /api/checkout/save-payment', { body: { payment: { method } } }),
  applyCoupon: (code: string) => call<typeof C.applyCoupon>('POST /api/checkout/cart/coupon', { body: { code } }),
  removeCoupon: () => call<typeof C.removeCoupon>('DELETE /api/checkout/cart/coupon'),
  applyCredit: (amount: number) => call<typeof C.applyStoreCredit>('POST /api/checkout/cart/store-credits', { body: { amount } }),
  removeCredit: () => call<typeof C.removeStoreCredit>('DELETE /api/checkout/cart/delete-storecredits', { body: { data: {} } }),
  saveOrder: () => call<typeof E.saveOrder>('POST /api/checkout/save-order', { body: { paymentData: {} } }),
};

export const successUrl = (order: { id: number; order_token: string }) => `/checkout/success?order=${order.id}&token=${encodeURIComponent(order.order_token)}`;
