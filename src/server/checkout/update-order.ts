/**
 * POST /api/checkout/update-order: paying an order placed earlier (a card payment that was declined or
 * abandoned, or a bank-transfer order paid by card instead). The order is named by its id and its
 * token (from the payment link, createOrderPaymentLink, or the save-order answer). Without a payment
 * session it answers where to pay: the order's open session, or a new one (never two payable at once);
 * with the session the provider sent the shopper back with, it asks the provider how the payment ended
 * and, when paid, completes the order (payments.service.ts settles it exactly once).
 */
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { SaveOrderAnswer, updateOrderSchema } from '~/features/checkout/checkout.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { EXPIRED_MESSAGE, EXPIRED_REASON, UNPAID_STATUSES } from '~/server/orders/order-status.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { providerByCode } from '~/server/payments/payment-provider.ts';
import { findSession } from '~/server/payments/payment-session.repository.ts';
import { openPayment, settleSession } from '~/server/payments/payments.service.ts';
import { findOrderById } from './order-writer.repository.ts';
import { presentOrder } from './order.presenter.ts';

export const DECLINED_MESSAGE = 'Your card was declined. Please try again with another card.';

function sameToken(a: string, b: string | null): boolean {
  if (!b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The order the id and token name; anything else is "not found", never a hint that the id exists. */
export async function orderByToken(db: Db, id: number, token: string) {
  const order = await findOrderById(db, id);
  if (!order || !sameToken(token, order.payment_token)) throw notFound('Order not found');
  return order;
}

const isExpired = (o: { status: string; cancel_reason: string | null }) => o.status === 'canceled' && o.cancel_reason === EXPIRED_REASON;
/** Paying an order whose payment window has ended: refused, nothing charged. */
export const expiredError = () => new HttpError(409, EXPIRED_MESSAGE, 'order_expired');
export const CANCELED_MESSAGE = 'This order was cancelled, so it can no longer be paid.';
/** Paying an order the shop cancelled (staff, or the shopper's own cancellation): refused, never called paid. */
export const canceledError = () => new HttpError(409, CANCELED_MESSAGE, 'order_canceled');
/** An order that can no longer be paid: expired, or cancelled otherwise. */
function assertPayable(o: { status: string; cancel_reason: string | null }): void {
  if (isExpired(o)) throw expiredError();
  if (o.status === 'canceled') throw canceledError();
}

export async function updateOrder(db: Db, input: z.output<typeof updateOrderSchema>): Promise<SaveOrderAnswer> {
  await expireDueOrders(db);
  let order = await orderByToken(db, input.orderId, input.orderToken);
  assertPayable(order);
  if (input.cart_id && input.cart_id !== order.cart_id)
    throw new HttpError(400, 'cart_id: this is not the cart of this order', 'bad_request', { cart_id: ['is not the cart of this order'] });
  if (!UNPAID_STATUSES.includes(order.status)) return { message: 'This order is paid', order: await presentOrder(order) };
  const sessionId = input.paymentData?.session;
  if (sessionId) {
    // The shopper is back from the provider's page: the provider is asked how the payment ended.
    const row = await findSession(db, sessionId);
    const provider = row ? providerByCode(row.provider) : undefined;
    const payment = row && provider ? await provider.read(db, sessionId) : undefined;
    if (!row || !provider || !payment || row.order_id !== order.id)
      throw new HttpError(400, 'paymentData.session: this payment is not for this order', 'bad_request', {
        'paymentData.session': ['is not a payment of this order'],
      });
    if (payment.state === 'paid' || payment.state === 'authorized') {
      await settleSession(db, provider, payment);
      order = (await findOrderById(db, order.id))!;
      assertPayable(order);
      if (!UNPAID_STATUSES.includes(order.status)) return { message: 'Thank you: your payment has been received', order: await presentOrder(order) };
    }
    if (payment.state === 'declined' || row.status === 'declined')
      throw new HttpError(402, DECLINED_MESSAGE, 'payment_declined', { payment: [DECLINED_MESSAGE] });
    if (payment.state === 'processing')
      return { message: 'Your payment is being processed; we will e-mail you once it is confirmed', order: await presentOrder(order) };
    if (payment.state === 'open' && payment.url) return { message: 'Continue to payment', order: await presentOrder(order), redirect_url: payment.url };
  }
  // "Pay": the open session if there is one, else a new one (payments.service.ts: one payable session per order).
  const start = await openPayment(db, order);
  if ('settled' in start) {
    order = (await findOrderById(db, order.id))!;
    assertPayable(order);
    return { message: UNPAID_STATUSES.includes(order.status) ? 'Continue to payment' : 'This order is paid', order: await presentOrder(order) };
  }
  return { message: 'Continue to payment', order: await presentOrder(order), redirect_url: start.redirectUrl };
}
