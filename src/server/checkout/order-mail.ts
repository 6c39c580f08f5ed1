/** The order confirmation e-mail, sent through the accounts' mailer once the order is committed. */
import type { PlacedOrder } from '~/features/checkout/checkout.schema.ts';
import { sendMailLater, simpleHtml, siteUrl } from '~/server/mail/mailer.ts';
import { successPath } from './order.presenter.ts';
import { transferWindowWords } from '~/server/orders/payment-hold.ts';
import { bankLines, bankRows } from '~/server/payments/bank-transfer.ts';

/** The order's lines and totals, one paragraph each (the confirmation and the receipt). */
export function orderLinesAndTotals(order: PlacedOrder): string[] {
  const lines = order.items.map((i) => `${i.name} × ${i.qty_ordered}: ${i.formated_total}`);
  const totals = [
    `Subtotal: ${order.formated_sub_total}`,
    ...(order.discount_amount ? [`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}: −${order.formated_discount_amount}`] : []),
    `Shipping (${order.shipping_method}): ${order.formated_shipping_amount}`,
    ...(order.store_credit_amount ? [`Store credit: −${order.formated_store_credit_amount}`] : []),
    `Total: ${order.formated_grand_total}`,
  ];
  return [...lines, ...totals];
}

export function orderConfirmationMail(order: PlacedOrder) {
  const transfer = order.payment_method === 'banktransfer' && order.is_unpaid;
  const next = transfer
    ? `Please transfer ${order.formated_grand_total} within ${transferWindowWords()} with the reference ${order.increment_id}; the order is cancelled if it has not arrived by then.`
    : order.status === 'pending_payment'
      ? 'Your order is waiting for its card payment; you can pay it from the order page.'
      : order.payment_method === 'card'
        ? 'Your payment has been received. We will let you know when it ships.'
        : 'We will let you know when it ships.';
  const paragraphs = [`Thank you for your order ${order.increment_id}.`, ...orderLinesAndTotals(order), `Payment: ${order.payment_title}. ${next}`, ...(transfer ? ['Our bank details:', ...bankLines(bankRows(order))] : [])];
  const url = `${siteUrl()}${successPath({ id: order.id, payment_token: order.order_token })}`;
  return {
    to: order.email,
    subject: `Your order ${order.increment_id}`,
    text: `${paragraphs.join('\n')}\n\nView your order: ${url}\n`,
    html: simpleHtml(paragraphs, { label: 'View your order', url }),
  };
}

/**
 * Sends the confirmation; `current` reads the order again when the mail is written, so a card order
 * paid in the meantime is not said to be waiting for its payment.
 */
export function sendOrderConfirmation(order: PlacedOrder, current?: () => Promise<PlacedOrder | undefined>): void {
  sendMailLater(async () => orderConfirmationMail((current && (await current())) || order));
}
