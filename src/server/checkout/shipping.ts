/**
 * Shipping rates, computed from the destination and the cart's value. Every stone and piece travels
 * insured; the shopper picks the speed. A rate's id is a hash of the cart, the normalised shipping
 * address, the method and its price (and the subtotal it was priced on), so the server checks an id by
 * computing the rates again: an id from another cart, an old address or a changed cart matches nothing,
 * and a made-up id cannot name a price the server did not offer.
 */
import { createHash } from 'node:crypto';
import type { CheckoutAddress, ShippingRate } from '~/features/checkout/checkout.schema.ts';
import { centsToDollars, formatCents } from '~/lib/money.ts';

/** International orders ship free and insured from this subtotal; below it, a flat insured rate. */
export const FREE_INTERNATIONAL_FROM_CENTS = 100_000;
const INTERNATIONAL_STANDARD_CENTS = 4_500;
const NEIGHBOURS = new Set(['CA', 'MX']);

type Zone = 'domestic' | 'neighbour' | 'international';

function zoneOf(country: string): Zone {
  if (country === 'US') return 'domestic';
  return NEIGHBOURS.has(country) ? 'neighbour' : 'international';
}

/** Express: a base price by zone plus insurance of 0.1% of the value above $5,000. */
function expressCents(zone: Zone, subtotalCents: number): number {
  const base = { domestic: 3_500, neighbour: 6_500, international: 9_500 }[zone];
  const insurance = Math.max(0, Math.round((subtotalCents - 500_000) / 1000));
  return base + insurance;
}

/** The parts of an address that decide where the parcel goes (names and phone do not move it). */
function destinationKey(a: CheckoutAddress): string {
  const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return [a.address1, a.address2, a.city, a.state, a.postcode, a.country].map(norm).join('|');
}

function rateId(cartId: number, address: CheckoutAddress, code: string, cents: number, subtotalCents: number): string {
  const digest = createHash('sha256')
    .update(`${cartId}\n${destinationKey(address)}\n${code}\n${cents}\n${subtotalCents}`)
    .digest('base64url');
  return `${code}_${digest.slice(0, 32)}`;
}

interface Method {
  code: string;
  method_title: string;
  description: string;
  cents: number;
}

function methodsFor(address: CheckoutAddress, subtotalCents: number): Method[] {
  const zone = zoneOf(address.country);
  const freeStandard = zone !== 'international' || subtotalCents >= FREE_INTERNATIONAL_FROM_CENTS;
  const standardDays = { domestic: '3–5 business days', neighbour: '5–8 business days', international: '7–12 business days' }[zone];
  const expressDays = { domestic: 'next business day', neighbour: '2–3 business days', international: '3–5 business days' }[zone];
  return [
    {
      code: 'insured_standard',
      method_title: freeStandard ? 'Free insured shipping' : 'Insured shipping',
      description: `Fully insured, signature on delivery, ${standardDays}`,
      cents: freeStandard ? 0 : INTERNATIONAL_STANDARD_CENTS,
    },
    {
      code: 'insured_express',
      method_title: 'Insured express',
      description: `Fully insured, signature on delivery, ${expressDays}`,
      cents: expressCents(zone, subtotalCents),
    },
  ];
}

export function shippingRates(cartId: number, address: CheckoutAddress, subtotalCents: number): ShippingRate[] {
  return methodsFor(address, subtotalCents).map((m) => ({
    id: rateId(cartId, address, m.code, m.cents, subtotalCents),
    code: m.code,
    carrier_title: 'Aurelle Secure Delivery',
    method_title: m.method_title,
    description: m.description,
    price: centsToDollars(m.cents),
    formated_price: formatCents(m.cents),
  }));
}

export const rateCents = (rate: ShippingRate) => Math.round(rate.price * 100);
