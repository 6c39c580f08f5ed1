/**
 * POST /api/checkout/save-order: placing an order is ONE transaction. It claims the cart, re-prices it
 * from the catalogue, checks every line can still be bought, takes each diamond (a stone belongs to at
 * most one live order), consumes the coupon and the store credit, writes the order and its lines,
 * and closes the cart; or, on any refusal or crash, none of it. A card payment opens after it commits.
 * It is idempotent: orders.cart_id is unique and the cart is claimed first, so a retried or
 * double-clicked submission finds the order the first one wrote and answers it again.
 */
import type { Db } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { findCart } from '~/server/cart/cart.service.ts';
import type { CartRow } from '~/server/cart/cart.repository.ts';
import { describeChoices, presentItem, unitPriceCents } from '~/server/cart/line-item.presenter.ts';
import { needsSize, sizeRequired } from '~/server/cart/cart.rules.ts';
import { randomToken } from '~/server/accounts/crypto.ts';
import { inviteToSetPassword } from '~/server/accounts/recovery.service.ts';
import { openPayment } from '~/server/payments/payments.service.ts';
import { checkoutState, type CheckoutState } from './checkout-state.ts';
import { claimCart, closeCart, findCartByToken, findRecentlyOrderedCart } from './checkout.repository.ts';
import { assertReadyForPayment, type CheckoutCaller } from './checkout.service.ts';
import { countRedemptions, insertCredit, insertRedemption, takeCouponUse } from './coupon.repository.ts';
import { queueOrderPlacedMail } from './order-mail.ts';
import { customerForEmail, findOrderByCart, insertOrder, insertOrderItems, lockCustomer, takeDiamond } from './order-writer.repository.ts';
import { orderPaymentPath, presentOrder } from './order.presenter.ts';
import type { SaveOrderAnswer } from '~/features/checkout/checkout.schema.ts';
import { isUniqueViolation, writeTransaction } from './transaction.ts';
import { expireDueOrders, forgetNextDue } from '~/server/orders/order-lifecycle.ts';
import { assignInvoiceNumber } from '~/server/invoices/document-numbers.ts';
import { takeHeldStone } from '~/server/holds/holds.service.ts';

/** A retried submission within this time after the order finds that order. */
const RETRY_WINDOW_MS = 30 * 60_000;

export const unavailable = (names: string[]) =>
  new HttpError(409, 'This item is no longer available!', 'unavailable', { items: names.map((n) => `${n}: this item is no longer available`) });

const refuse = (field: string, message: string, code: string) => new HttpError(409, message, code, { [field]: [message] });

async function cartForOrder(s: CheckoutCaller): Promise<CartRow | undefined> {
  const active = await findCart(s.db, s.owner);
  if (active) return active;
  if (s.customer) return findRecentlyOrderedCart(s.db, s.customer.id, RETRY_WINDOW_MS);
  return s.owner.token ? findCartByToken(s.db, s.owner.token) : undefined;
}

export async function placeOrder(s: CheckoutCaller): Promise<SaveOrderAnswer> {
  await expireDueOrders(s.db);
  const cart = await cartForOrder(s);
  if (!cart) throw new HttpError(404, 'Your cart is empty', 'cart_empty');
  let placed: Placed | undefined;
  try {
    placed = await placeCart(s.db, cart.id, s.customer);
  } catch (error) {
    // Only a reservation can collide here (the cart claim rules out a second order of one cart).
    if (isUniqueViolation(error) && /diamond_reservations/.test(String((error as Error).message) + String((error as { constraint?: string }).constraint)))
      throw unavailable(['A diamond in your cart']);
    throw error;
  }
  const order = await findOrderByCart(s.db, cart.id);
  if (!order) throw new HttpError(409, 'Your cart is empty', 'cart_empty');
  const answer = await presentOrder(order);
  if (placed) {
    if (answer.is_unpaid) forgetNextDue();
    // The card payment opens once the order is committed (a provider's answer never holds the write lock);
    // if the provider cannot be reached, the order waits on its payment page, where "Pay" tries again.
    let redirectUrl: string | undefined;
    if (placed.pay) {
      try {
        const start = await openPayment(s.db, order);
        redirectUrl = 'redirectUrl' in start ? start.redirectUrl : undefined;
      } catch (error) {
        console.error(`Opening the payment of order ${order.increment_id} failed:`, error);
        redirectUrl = orderPaymentPath(order);
      }
    }
    if (placed.invite) inviteToSetPassword(placed.invite);
    return { message: 'Thank you for your order', order: answer, ...(redirectUrl ? { redirect_url: redirectUrl } : {}) };
  }
  // The same cart again: the first order, never a second; an unpaid card order is sent to pay.
  const pay = order.payment_method === 'card' && order.status === 'pending_payment';
  return { message: 'Thank you for your order', order: answer, ...(pay ? { redirect_url: orderPaymentPath(order) } : {}) };
}

/** The transaction alone, for one named cart (the API finds the cart; tests race it from a second process). */
export function placeCart(db: Db, cartId: number, customer: CheckoutCaller['customer']): Promise<Placed | undefined> {
  return writeTransaction(db, (trx) => place(trx, cartId, customer));
}

export interface Placed {
  /** A card order waiting for its payment: a payment session opens once the transaction commits. */
  pay: boolean;
  invite?: { id: number; email: string; first_name: string };
}

/** The transaction's work; answers undefined when the cart was already ordered. */
async function place(trx: Db, cartId: number, customer: CheckoutCaller['customer']): Promise<Placed | undefined> {
  if (!(await claimCart(trx, cartId))) return undefined;
  if (customer) await lockCustomer(trx, customer.id);
  const cart = await trx.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirstOrThrow();
  const state = await checkoutState(trx, cart, customer);
  checkOrderable(state);
  const billing = state.billing!;
  const owner = customer
    ? { id: customer.id, email: customer.email, first_name: customer.first_name, created: false, hasPassword: true }
    : await customerForEmail(trx, billing.email!, { first_name: billing.first_name, last_name: billing.last_name });
  const { totals } = state;
  const method = cart.payment_method!;
  const paidNow = method === 'cashondelivery' || (method === 'card' && totals.grand === 0);
  const status = paidNow ? 'processing' : method === 'card' ? 'pending_payment' : 'pending';
  const token = randomToken();
  const order = await insertOrder(trx, {
    customer_id: owner.id,
    email: owner.email,
    status,
    cart_id: cart.id,
    subtotal_cents: totals.subtotal,
    discount_cents: totals.discount,
    shipping_cents: totals.shipping,
    store_credit_cents: totals.credit,
    grand_total_cents: totals.grand,
    tax_cents: totals.tax,
    shipping_tax_cents: state.tax.shippingTaxCents,
    tax_label: state.tax.label,
    tax_rate_millionths: Math.round(state.tax.rate * 1_000_000),
    tax_included: state.tax.included ? 1 : 0,
    coupon_code: state.coupon?.coupon && totals.discount > 0 ? state.coupon.coupon.code : null,
    shipping_method: state.rate!.method_title,
    payment_method: method,
    billing_address: JSON.stringify(billing),
    shipping_address: JSON.stringify(state.shipping),
    instructions: cart.instructions,
    payment_token: token,
  });

  // Stones in id order, so that two orders sharing stones lock them in the same order.
  const stones = state.rows.filter((r) => state.records.get(r.item_id)?.kind === 'diamond').sort((a, b) => a.item_id - b.item_id);
  for (const row of stones) {
    if (!(await takeDiamond(trx, row.item_id, order.id, paidNow ? 'sold' : 'reserved'))) throw unavailable([presentItem(state.records.get(row.item_id)!).name]);
    // Held for another shopper: refused; the holder's own hold ends, bought (holds/hold.service.ts).
    await takeHeldStone(trx, row.item_id, customer?.id, presentItem(state.records.get(row.item_id)!).name);
  }
  await insertOrderItems(
    trx,
    state.rows.map((row) => {
      const record = state.records.get(row.item_id)!;
      const item = presentItem(record, row.variant_id);
      return {
        order_id: order.id,
        item_id: row.item_id,
        variant_id: row.variant_id,
        byo_id: row.byo_id,
        name: item.name,
        sku: item.sku,
        qty_ordered: row.quantity,
        price_cents: unitPriceCents(record, row.variant_id),
        tax_cents: state.tax.lines.find((l) => l.key === String(row.id))?.taxCents ?? 0,
        options: JSON.stringify({
          choices: describeChoices(record, row),
          selected_size: row.selected_size,
          custom_size: row.custom_size,
          selected_jewelry_shape: row.selected_jewelry_shape,
        }),
      };
    }),
  );

  const coupon = state.coupon?.coupon;
  if (coupon && totals.discount > 0) {
    if (!(await takeCouponUse(trx, coupon.id))) throw refuse('code', 'This coupon has been used up. Please remove it to continue.', 'coupon_refused');
    // Counted after the coupon row is locked by the update: a racing order of the same shopper is seen.
    if (
      coupon.per_customer_limit !== null &&
      (await countRedemptions(trx, coupon.id, { customerId: owner.id, email: owner.email })) >= coupon.per_customer_limit
    ) {
      throw refuse('code', 'You have already used this coupon. Please remove it to continue.', 'coupon_refused');
    }
    await insertRedemption(trx, { coupon_id: coupon.id, order_id: order.id, customer_id: owner.id, email: owner.email });
  }
  if (totals.credit > 0)
    await insertCredit(trx, { customer_id: owner.id, amount_cents: -totals.credit, reason: `Order ${order.increment_id}`, order_id: order.id });

  // Cash on delivery (or a card order that costs nothing) is invoiced as it is placed; others when paid.
  if (paidNow) await assignInvoiceNumber(trx, order.id);
  await closeCart(trx, cart.id);
  // The confirmation and the staff's notice commit with the order, or not at all (src/server/mail/outbox.ts).
  await queueOrderPlacedMail(trx, { id: order.id, email: owner.email });
  const invite = !customer && !owner.hasPassword ? { id: owner.id, email: owner.email, first_name: owner.first_name } : undefined;
  return { pay: status === 'pending_payment', invite };
}

/** Everything that must hold before anything is written, each refusal in words naming the field. */
function checkOrderable(state: CheckoutState): void {
  if (!state.view.items.length) throw new HttpError(409, 'Your cart is empty', 'cart_empty');
  const gone = state.view.items.filter((i) => !i.is_available).map((i) => (i.child ? `${i.product.name} with ${i.child.product.name}` : i.product.name));
  if (gone.length) throw unavailable(gone);
  // A ring put in the cart before sizes were required: it is not ordered without one.
  for (const row of state.rows) {
    const record = state.records.get(row.item_id);
    if (record?.kind === 'product' && needsSize(record, { selected_size: row.selected_size ?? undefined, custom_size: row.custom_size ?? undefined }))
      throw sizeRequired(record.product.name);
  }
  assertReadyForPayment(state);
  if (!state.billing?.email && state.customerId === null) throw refuse('billing.email', 'Enter your email address', 'address_missing');
  const method = state.cart.payment_method;
  if (!method) throw refuse('payment.method', 'Choose a payment method', 'payment_missing');
  if (!state.methods.some((m) => m.method === method))
    throw refuse('payment.method', 'This payment method is not available for your order. Please choose another.', 'invalid_payment_method');
  if (state.coupon?.problem) throw refuse('code', `${state.coupon.problem}. Please remove it to continue.`, 'coupon_refused');
  if (state.cart.store_credit_cents > state.creditBalance) {
    throw refuse('amount', 'Your store credit balance has changed. Please apply your store credit again.', 'credit_changed');
  }
}
