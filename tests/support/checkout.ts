/**
 * Checkout helpers for the API suites: a shopper whose cart is ready to order (items added, addresses,
 * shipping and payment saved, optionally a coupon), and the addresses used throughout.
 */
import { expect } from 'vitest';
import { plainProducts, sizeOf } from './catalog-fixtures.ts';
import { Shopper } from './shopper.ts';
import { uniqueName } from './unique.ts';

export const NEW_YORK = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '350 Fifth Avenue',
  address2: 'Floor 20',
  city: 'New York',
  country: 'US',
  state: 'NY',
  postcode: '10118',
  phone: '+1 212 736 3100',
};

export const LONDON = {
  ...NEW_YORK,
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  country: 'GB',
  state: null,
  postcode: 'SW1A 2AA',
  phone: '+44 20 7925 0918',
};

export const band = plainProducts[0]!;

export interface ReadyOptions {
  diamonds?: number[];
  products?: { id: number; variant: number }[];
  method?: 'card' | 'banktransfer' | 'cashondelivery';
  email?: string;
  coupon?: string;
  address?: Record<string, unknown>;
  rate?: 'insured_standard' | 'insured_express';
  headers?: Record<string, string>;
}

export const guestEmail = () => `${uniqueName('guest')}@example.com`;

/** Adds, saves address, shipping and payment; answers the checkout cart after the last step. */
export async function readyCart(shopper: Shopper, options: ReadyOptions = {}) {
  for (const id of options.diamonds ?? [])
    expect((await shopper.call('POST', '/api/checkout/cart/add', { ids: [id], quantity: 1 }, options.headers)).status).toBe(200);
  for (const p of options.products ?? []) {
    expect(
      (
        await shopper.call(
          'POST',
          '/api/checkout/cart/add',
          { ids: [p.id], quantity: 1, selected_configurable_option: p.variant, ...sizeOf(p.id) },
          options.headers,
        )
      ).status,
    ).toBe(200);
  }
  const billing = { ...(options.address ?? NEW_YORK), ...(options.email ? { email: options.email } : {}) };
  const saved = await shopper.call(
    'POST',
    '/api/checkout/save-address',
    { billing, shipping: null, instructions: 'Leave with the concierge' },
    options.headers,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const rate = saved.body.data.rates.find((r: { code: string }) => r.code === (options.rate ?? 'insured_standard'));
  expect((await shopper.call('POST', '/api/checkout/save-shipping', { selected_shipping_rate_id: rate.id }, options.headers)).status).toBe(200);
  if (options.coupon) {
    const c = await shopper.call('POST', '/api/checkout/cart/coupon', { code: options.coupon }, options.headers);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
  }
  const paid = await shopper.call('POST', '/api/checkout/save-payment', { payment: { method: options.method ?? 'banktransfer' } }, options.headers);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data;
}

export const saveOrder = (shopper: Shopper, headers?: Record<string, string>) => shopper.call('POST', '/api/checkout/save-order', { paymentData: {} }, headers);

/** A shopper signed in with a seeded session (tests/support/accounts.ts seedCustomer). */
export function signedIn(base: string, token: string): Shopper {
  const shopper = new Shopper(base);
  shopper.cookies.set('aurelle_session', token);
  return shopper;
}
