/**
 * The checkout steps before the order (docs/api.md: cart, address, shipping rate, payment method,
 * payment): each reads the shopper's cart, checks its input against the server's own figures, saves it
 * on the cart and answers the checkout cart. Nothing the client says about prices is ever used.
 */
import type { z } from 'zod';
import type { CheckoutAddress, CheckoutCart, PaymentMethod, PaymentMethodCode, saveAddressSchema, ShippingRate } from '~/features/checkout/checkout.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { findCart } from '~/server/cart/cart.service.ts';
import type { CartRow } from '~/server/cart/cart.repository.ts';
import type { Owner } from '~/server/shopper/owner.ts';
import { formatCents } from '~/lib/money.ts';
import { checkoutState, type CheckoutState } from './checkout-state.ts';
import { presentCheckout } from './checkout.presenter.ts';
import { updateCheckout } from './checkout.repository.ts';
import { checkCoupon } from './coupon.rules.ts';
import { checkAddress } from './geo.ts';
import { shippingRates } from './shipping.ts';

export interface CheckoutCaller {
  db: Db;
  owner: Owner;
  customer?: { id: number; email: string; first_name: string; last_name: string };
}

const fieldError = (status: number, field: string, message: string, code = 'bad_request') => new HttpError(status, message, code, { [field]: [message] });

async function activeCart(s: CheckoutCaller): Promise<CartRow> {
  const cart = await findCart(s.db, s.owner);
  if (!cart) throw new HttpError(404, 'Your cart is empty', 'cart_empty');
  return cart;
}

async function stateOf(s: CheckoutCaller, cart?: CartRow): Promise<CheckoutState> {
  return checkoutState(s.db, cart ?? (await activeCart(s)), s.customer);
}

async function reload(s: CheckoutCaller, cartId: number): Promise<CheckoutCart> {
  const cart = await findCart(s.db, s.owner);
  if (!cart || cart.id !== cartId) throw new HttpError(409, 'Your cart has changed. Please try again.', 'cart_changed');
  return presentCheckout(await stateOf(s, cart));
}

export async function checkoutCart(s: CheckoutCaller): Promise<CheckoutCart> {
  return presentCheckout(await stateOf(s));
}

/** Country-dependent checks of both addresses; all problems answered at once, keyed billing.* / shipping.*. */
export function validateAddresses(input: z.output<typeof saveAddressSchema>, isGuest: boolean) {
  const billing = checkAddress(input.billing, 'billing');
  const shipping = checkAddress(input.shipping ?? input.billing, input.shipping ? 'shipping' : 'billing');
  const errors = { ...billing.errors, ...shipping.errors };
  if (isGuest && !input.billing.email) errors['billing.email'] = ['Enter your email address: we send the order confirmation there'];
  const [field, messages] = Object.entries(errors)[0] ?? [];
  if (field) throw new HttpError(400, `${field}: ${messages![0]}`, 'validation_failed', errors);
  return { billing: billing.address, shipping: shipping.address };
}

function stripEmail(a: CheckoutAddress, keep: boolean): CheckoutAddress {
  if (keep) return a;
  const { email: _email, ...rest } = a;
  return rest;
}

export async function saveAddress(s: CheckoutCaller, input: z.output<typeof saveAddressSchema>): Promise<{ cart: CheckoutCart; rates: ShippingRate[] }> {
  const cart = await activeCart(s);
  const { billing, shipping } = validateAddresses(input, !s.customer);
  const isGuest = !s.customer;
  // A new address invalidates the chosen rate: its id was bound to the old address.
  await updateCheckout(s.db, cart.id, {
    billing_address: JSON.stringify(stripEmail(billing, isGuest)),
    shipping_address: JSON.stringify(stripEmail({ ...shipping, email: billing.email }, isGuest)),
    instructions: input.instructions,
  });
  const state = await stateOf(s);
  return { cart: presentCheckout(state), rates: state.rates };
}

/** Rates for an address being typed (or the saved one): nothing is saved. */
export async function ratesFor(s: CheckoutCaller, address: CheckoutAddress | undefined): Promise<ShippingRate[]> {
  const state = await stateOf(s);
  if (!address) {
    if (!state.shipping) throw fieldError(400, 'addresses.shipping', 'Enter the shipping address first');
    return state.rates;
  }
  const checked = checkAddress(address, 'addresses.shipping');
  const [field, messages] = Object.entries(checked.errors)[0] ?? [];
  if (field) throw new HttpError(400, `${field}: ${messages![0]}`, 'validation_failed', checked.errors);
  return shippingRates(state.cart.id, checked.address, state.totals.subtotal);
}

export async function saveShipping(s: CheckoutCaller, rateId: string): Promise<CheckoutCart> {
  const state = await stateOf(s);
  if (!state.shipping) throw fieldError(409, 'selected_shipping_rate_id', 'Enter the shipping address first', 'address_missing');
  if (!state.rates.some((r) => r.id === rateId)) {
    throw fieldError(
      400,
      'selected_shipping_rate_id',
      'This shipping method is not available for your cart and address. Please choose one of the methods shown.',
      'invalid_rate',
    );
  }
  await updateCheckout(s.db, state.cart.id, { shipping_rate_id: rateId });
  return reload(s, state.cart.id);
}

/** The methods for this cart; with `checkCart`, a cart not ready for payment is refused in words. */
export async function methodsFor(s: CheckoutCaller, checkCart: boolean): Promise<PaymentMethod[]> {
  const state = await stateOf(s);
  if (checkCart) assertReadyForPayment(state);
  return state.methods;
}

export function assertReadyForPayment(state: CheckoutState): void {
  if (!state.view.items.length) throw new HttpError(409, 'Your cart is empty', 'cart_empty');
  if (!state.billing || !state.shipping) throw fieldError(409, 'billing', 'Enter your billing and shipping addresses first', 'address_missing');
  if (!state.rate) throw fieldError(409, 'selected_shipping_rate_id', 'Choose a shipping method again: your cart or address has changed', 'shipping_missing');
}

export async function savePayment(s: CheckoutCaller, method: PaymentMethodCode): Promise<CheckoutCart> {
  const state = await stateOf(s);
  assertReadyForPayment(state);
  if (!state.methods.some((m) => m.method === method)) {
    throw fieldError(400, 'payment.method', 'This payment method is not available for your order', 'invalid_payment_method');
  }
  await updateCheckout(s.db, state.cart.id, { payment_method: method });
  return reload(s, state.cart.id);
}

export async function applyCoupon(s: CheckoutCaller, code: string): Promise<CheckoutCart> {
  const state = await stateOf(s);
  if (!state.view.items.length) throw new HttpError(409, 'Your cart is empty', 'cart_empty');
  const check = await checkCoupon(s.db, code, state.totals.subtotal, { customerId: s.customer?.id, email: state.email });
  if (check.problem) throw fieldError(check.coupon ? 409 : 400, 'code', check.problem, 'coupon_refused');
  // One coupon per cart: a new code replaces the old one.
  await updateCheckout(s.db, state.cart.id, { coupon_code: check.coupon!.code });
  return reload(s, state.cart.id);
}

export async function removeCoupon(s: CheckoutCaller): Promise<CheckoutCart> {
  const cart = await activeCart(s);
  await updateCheckout(s.db, cart.id, { coupon_code: null });
  return reload(s, cart.id);
}

/** Applies up to `cents` of the customer's balance, never more than the balance or the order's total. */
export async function applyCredit(s: CheckoutCaller, cents: number): Promise<{ cart: CheckoutCart; applied: number }> {
  if (!s.customer) throw new HttpError(401, 'Please sign in to use your store credit', 'unauthenticated');
  const state = await stateOf(s);
  if (!state.view.items.length) throw new HttpError(409, 'Your cart is empty', 'cart_empty');
  if (state.creditBalance <= 0) throw fieldError(409, 'amount', 'You have no store credit to use', 'no_credit');
  // Store credit pays the total with its tax (it is a way to pay, not a discount: the tax is not reduced).
  const room = state.totals.grand + state.totals.credit;
  const applied = Math.min(cents, state.creditBalance, room);
  await updateCheckout(s.db, state.cart.id, { store_credit_cents: applied });
  return { cart: await reload(s, state.cart.id), applied };
}

export async function removeCredit(s: CheckoutCaller): Promise<CheckoutCart> {
  const cart = await activeCart(s);
  await updateCheckout(s.db, cart.id, { store_credit_cents: 0 });
  return reload(s, cart.id);
}

export const creditMessage = (applied: number) => `${formatCents(applied)} of store credit applied`;
