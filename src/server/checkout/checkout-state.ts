/**
 * Everything checkout knows about one cart, computed from the database alone: the lines priced by the
 * catalogue now, the saved addresses, the rates for the saved shipping address, the chosen rate (only
 * when its id is still one of those rates), the coupon's discount, the store credit that can be used,
 * and the totals in integer cents. Reads and the order transaction use the same function, so what the
 * shopper was shown is what the order is checked against.
 */
import type { Cart } from '~/features/cart/cart.schema.ts';
import type { CheckoutAddress, PaymentMethod, ShippingRate } from '~/features/checkout/checkout.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { loadItems, type ItemRecord } from '~/server/cart/catalog-items.repository.ts';
import { cartLines, type CartLineRow, type CartRow } from '~/server/cart/cart.repository.ts';
import { presentCart } from '~/server/cart/cart.presenter.ts';
import { checkCoupon, type CouponCheck } from './coupon.rules.ts';
import { creditBalance } from './coupon.repository.ts';
import { paymentMethods } from './payment-methods.ts';
import { rateCents, shippingRates } from './shipping.ts';
import { isAvailable, unitPriceCents } from '~/server/cart/line-item.presenter.ts';
import { taxForCart, type TaxAnswer } from '~/server/tax/tax.service.ts';

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  /** The tax: added to the total, or, when `tax.included`, the part of the prices that is tax. */
  tax: number;
  grand: number;
}

export interface CheckoutState {
  cart: CartRow;
  rows: CartLineRow[];
  records: Map<number, ItemRecord>;
  view: Cart;
  billing: CheckoutAddress | null;
  shipping: CheckoutAddress | null;
  rates: ShippingRate[];
  rate: ShippingRate | null;
  coupon: CouponCheck | null;
  creditBalance: number;
  methods: PaymentMethod[];
  totals: Totals;
  /** The tax answer: per cart row (key: the row's id), shipping's, the name and rate; `known` once an address is. */
  tax: TaxAnswer & { known: boolean };
  customerId: number | null;
  email: string | null;
}

export function parseAddress(text: string | null): CheckoutAddress | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as CheckoutAddress;
  } catch {
    return null;
  }
}

export async function checkoutState(db: Db, cart: CartRow, customer: { id: number; email: string } | undefined): Promise<CheckoutState> {
  const rows = await cartLines(db, cart.id);
  const records = await loadItems(
    db,
    rows.map((r) => r.item_id),
  );
  const view = presentCart(cart.id, rows, records);
  const subtotal = Math.round(view.sub_total * 100);
  const billing = parseAddress(cart.billing_address);
  const shipping = parseAddress(cart.shipping_address);
  const rates = shipping ? shippingRates(cart.id, shipping, subtotal) : [];
  const rate = rates.find((r) => r.id === cart.shipping_rate_id) ?? null;
  const email = customer?.email ?? billing?.email ?? null;
  const coupon = cart.coupon_code ? await checkCoupon(db, cart.coupon_code, subtotal, { customerId: customer?.id, email }) : null;
  const discount = coupon?.discountCents ?? 0;
  const shippingCents = rate ? rateCents(rate) : 0;
  const balance = customer ? await creditBalance(db, customer.id) : 0;
  // Tax on the lines after the discount and on shipping, by where it goes (store credit is a way to pay, not a discount).
  const taxed = rows.filter((r) => records.has(r.item_id) && isAvailable(records.get(r.item_id)!, r.variant_id));
  const tax = await taxForCart({
    address: shipping ?? billing,
    lines: taxed.map((r) => ({ key: String(r.id), cents: unitPriceCents(records.get(r.item_id)!, r.variant_id) * r.quantity })),
    discountCents: discount,
    shippingCents,
  });
  const addedTax = tax.included ? 0 : tax.totalCents;
  const beforeCredit = subtotal - discount + shippingCents + addedTax;
  const credit = Math.max(0, Math.min(cart.store_credit_cents, balance, beforeCredit));
  const grand = beforeCredit - credit;
  return {
    cart,
    rows,
    records,
    view,
    billing,
    shipping,
    rates,
    rate,
    coupon,
    creditBalance: balance,
    methods: paymentMethods(shipping?.country, grand),
    totals: { subtotal, discount, shipping: shippingCents, credit, tax: tax.totalCents, grand },
    tax,
    customerId: customer?.id ?? null,
    email,
  };
}
