/**
 * The demo's coupons: written by the seed, and advertised to shoppers by the demo shop only
 * (src/components/checkout/DemoOffers.astro: the cart and the payment step), so that anyone trying the
 * demo finds them where a real shop would put its offers.
 */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', kind: 'percent', value: 10, min_subtotal_cents: 0, per_customer_limit: 1, offer: '10% off your first order' },
  { code: 'SPARKLE100', kind: 'fixed', value: 10_000, min_subtotal_cents: 100_000, per_customer_limit: null, offer: '$100 off orders of $1,000 or more' },
] as const;
