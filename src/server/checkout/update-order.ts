/**
 * POST /api/checkout/update-order: paying an order placed earlier (a card payment that was declined or
 * abandoned, or a bank-transfer order paid by card instead). The order is named by its id and its
 * token (from the payment link, createOrderPaymentLink, or the save-order answer). Without a payment
 * session it opens one on the provider and answers where to pay; with the session the provider sent
 * the shopper back with, it asks the provider how the payment ended and, when paid, completes the order.
 */
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { SaveOrderAnswer, updateOrderSchema } from '~/features/checkout/checkout.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/http.ts';
import { EXPIRED_MESSAGE, EXPIRED_REASON, UNPAID_STATUSES } from '~/server/orders/order-status.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { paymentProvider } from '~/server/payments/payment-provider.ts';
import { findOrderById, sellReservedDiamonds, setOrderStatus } from './order-writer.repository.ts';
import { orderPaymentPath, presentOrder } from './order.presenter.ts';
import { writeTransaction } from './transaction.ts';

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
  if (input.cart_id && input.cart_id !== order.cart_id) throw new HttpError(400, 'cart_id: this is not the cart of this order', 'bad_request', { cart_id: ['is not the cart of this order'] });
  if (!UNPAID_STATUSES.includes(order.status)) return { message: 'This order is paid', order: await presentOrder(order) };
  const provider = paymentProvider();
  const sessionId = input.paymentData?.session;
  if (sessionId) {
    const payment = await provider.status(db, sessionId);
    if (!payment || payment.orderId !== order.id) throw new HttpError(400, 'paymentData.session: this payment is not for this order', 'bad_request', { 'paymentData.session': ['is not a payment of this order'] });
    if (payment.status === 'declined') throw new HttpError(402, DECLINED_MESSAGE, 'payment_declined', { payment: [DECLINED_MESSAGE] });
    if (payment.status === 'paid' && payment.amountCents === order.grand_total_cents) {
      await writeTransaction(db, async (trx) => {
        if (await setOrderStatus(trx, order.id, 'processing', UNPAID_STATUSES)) {
          await trx.updateTable('orders').set({ payment_method: 'card' }).where('id', '=', order.id).execute();
          await sellReservedDiamonds(trx, order.id);
        }
      });
      order = (await findOrderById(db, order.id))!;
      assertPayable(order);
      return { message: 'Thank you: your payment has been received', order: await presentOrder(order) };
    }
    if (payment.status === 'open') {
      return { message: 'Continue to payment', order: await presentOrder(order), redirect_url: `/checkout/payment-gateway?session=${encodeURIComponent(sessionId)}` };
    }
  }
  const returnUrl = orderPaymentPath(order);
  const { redirectUrl } = await writeTransaction(db, (trx) => provider.start(trx, { orderId: order.id, amountCents: order.grand_total_cents, returnUrl }));
  return { message: 'Continue to payment', order: await presentOrder(order), redirect_url: redirectUrl };
}
