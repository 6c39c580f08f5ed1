/**
 * The payment e-mails: the receipt ("Payment received", after every payment: card, transfer marked
 * paid, an order reinstated by a late payment), a payment that had to be given back, and a refund
 * once the provider accepted it. Queued in the shop's mail outbox once the change has committed.
 */
import type { Db } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { sendMail, simpleHtml, siteUrl, type MailMessage } from '~/server/mail/mailer.ts';
import { log } from '~/server/observe/log.ts';
import { presentOrder } from '~/server/checkout/order.presenter.ts';
import { orderLinesAndTotals } from '~/server/checkout/order-mail.ts';
import type { OrderRow } from '~/server/orders/order.repository.ts';
import { invoiceAttachment } from '~/server/invoices/invoices.service.ts';

const orderUrl = (o: Pick<OrderRow, 'id'>) => `${siteUrl()}/customer/account/orders/view/${o.id}`;

/**
 * Builds the message and writes it into the mail outbox (src/server/mail/outbox.ts), resolving once it is
 * there: the server's sender delivers it. Awaited, so that a CLI command (`npm run orders -- expire`,
 * `mark-paid`, `refund`) does not exit before its receipt is queued. A failure is logged, never shown.
 */
export async function sendPaymentMail(build: () => Promise<MailMessage | undefined> | MailMessage): Promise<void> {
  try {
    const message = await build();
    if (message) await sendMail(message);
  } catch (error) {
    log.error({ err: error }, 'Queuing mail failed');
  }
}

export async function receiptMail(db: Db, order: OrderRow, options: { revived: boolean }): Promise<MailMessage> {
  const placed = await presentOrder(order);
  const how =
    order.payment_provider === 'banktransfer'
      ? `your bank transfer${order.payment_reference ? ` (reference ${order.payment_reference})` : ''}`
      : 'your card payment';
  const paragraphs = [
    `Thank you: we have received ${how} of ${placed.formated_grand_total} for your order ${order.increment_id}.`,
    ...(options.revived ? ['Your payment arrived after the order had been released, and its pieces were still available: we have reinstated your order.'] : []),
    ...(order.payment_captured === 0 ? ['The amount is authorised on your card and will be charged when your order ships.'] : []),
    ...orderLinesAndTotals(placed),
    ...(order.invoice_number ? [`Your invoice ${order.invoice_number} is attached.`] : []),
    'We will let you know when it ships.',
  ];
  const attachments = await invoiceAttachment(db, order);
  return {
    to: order.email,
    subject: `Payment received for your order ${order.increment_id}`,
    text: `${paragraphs.join('\n')}\n\nView your order: ${orderUrl(order)}\n`,
    html: simpleHtml(paragraphs, { label: 'View your order', url: orderUrl(order) }),
    ...(attachments.length ? { attachments } : {}),
  };
}

/** A payment that arrived for an order the shop could no longer keep: given back at once. */
export function paymentRefundedMail(order: OrderRow, backCents: number, released: boolean): MailMessage {
  const paragraphs = [
    `Your payment for order ${order.increment_id} arrived after the order had been cancelled, and its pieces are no longer available, so we could not complete it.`,
    backCents > 0
      ? released
        ? `We have released the ${formatCents(backCents)} authorised on your card: nothing has been charged.`
        : `We have refunded ${formatCents(backCents)} in full to your original payment method; depending on your bank it can take 5 to 10 business days to appear.`
      : 'We are refunding your payment in full to your original payment method; our team will confirm once it is on its way.',
    'We are sorry for the disappointment. Our concierge would be glad to help you find another piece.',
  ];
  return {
    to: order.email,
    subject: `Your payment for order ${order.increment_id} has been refunded`,
    text: `${paragraphs.join('\n')}\n\nView your order: ${orderUrl(order)}\n`,
    html: simpleHtml(paragraphs, { label: 'View your order', url: orderUrl(order) }),
  };
}

export function refundMail(order: OrderRow, refundedCents: number, reason: string, taxCents = 0): MailMessage {
  const paragraphs = [
    `We have refunded ${formatCents(refundedCents)} on your order ${order.increment_id} to your original payment method.`,
    ...(taxCents > 0 ? [`Of this, ${formatCents(taxCents)} is ${order.tax_label ?? 'tax'} given back.`] : []),
    `Reason: ${reason}`,
    'Depending on your bank it can take 5 to 10 business days to appear on your statement.',
  ];
  return {
    to: order.email,
    subject: `Refund of ${formatCents(refundedCents)} on your order ${order.increment_id}`,
    text: `${paragraphs.join('\n')}\n\nView your order: ${orderUrl(order)}\n`,
    html: simpleHtml(paragraphs, { label: 'View your order', url: orderUrl(order) }),
  };
}
