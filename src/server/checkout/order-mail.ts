/**
 * The order's e-mails at placing time: the shopper's confirmation and the staff's "new order", both
 * queued in the order's own transaction (place-order.ts) and rendered when first sent (the sender reads
 * the committed order: src/server/mail/templates.ts). Both show the lines with their pictures and prices.
 */
import type { OrderLine, PlacedOrder } from '~/features/checkout/checkout.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { siteUrl, staffEmail, type MailMessage } from '~/server/mail/mailer.ts';
import { mailMjml, type MailLine } from '~/server/mail/layout.ts';
import { queue } from '~/server/mail/outbox.ts';
import { successPath } from './order.presenter.ts';
import { transferWindowWords } from '~/server/orders/payment-hold.ts';
import { bankLines, bankRows } from '~/server/payments/bank-transfer.ts';
import { taxLineLabel } from '~/server/tax/order-tax.presenter.ts';

const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl()}${url}`);

function mailLines(order: PlacedOrder): MailLine[] {
  return order.items.map((i: OrderLine) => {
    const image = i.product?.base_image?.medium_image_url;
    // PNG: most mail clients do not show SVG (the drawings are served in both: src/server/images/svg-response.ts).
    return {
      name: i.name,
      detail: `${i.sku} · ${i.qty_ordered} × ${i.formated_price}`,
      price: i.formated_total,
      image: image ? absolute(image.replace(/\.svg$/, '.png')) : null,
    };
  });
}

function totals(order: PlacedOrder): [string, string][] {
  return [
    ['Subtotal', order.formated_sub_total],
    ...(order.discount_amount
      ? [[`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`, `−${order.formated_discount_amount}`] as [string, string]]
      : []),
    [`Shipping (${order.shipping_method})`, order.formated_shipping_amount],
    // Tax on top of the prices before the total; VAT included in them after it ("incl. VAT $x").
    ...(order.tax_total && !order.tax_included ? [[order.tax_label ?? 'Tax', order.formated_tax_total] as [string, string]] : []),
    ...(order.store_credit_amount ? [['Store credit', `−${order.formated_store_credit_amount}`] as [string, string]] : []),
    ['Total', order.formated_grand_total],
    ...(order.tax_total && order.tax_included ? [[taxLineLabel(order.tax_label, true), order.formated_tax_total] as [string, string]] : []),
  ];
}

const textLines = (order: PlacedOrder) => order.items.map((i) => `${i.name} × ${i.qty_ordered}: ${i.formated_total}`);
const textTotals = (order: PlacedOrder) => totals(order).map(([label, amount]) => `${label}: ${amount}`);

/** The order's lines and totals, one line each (the text part of the confirmation and of the receipt). */
export function orderLinesAndTotals(order: PlacedOrder): string[] {
  return [...textLines(order), ...textTotals(order)];
}

export function orderConfirmationMail(order: PlacedOrder): MailMessage {
  const transfer = order.payment_method === 'banktransfer' && order.is_unpaid;
  const next = transfer
    ? `Please transfer ${order.formated_grand_total} within ${transferWindowWords()} with the reference ${order.increment_id}; the order is cancelled if it has not arrived by then.`
    : order.status === 'pending_payment'
      ? 'Your order is waiting for its card payment; you can pay it from the order page.'
      : order.payment_method === 'card'
        ? 'Your payment has been received. We will let you know when it ships.'
        : 'We will let you know when it ships.';
  const intro = `Thank you for your order ${order.increment_id}.`;
  const bank = transfer ? ['Our bank details:', ...bankLines(bankRows(order))] : [];
  const payment = `Payment: ${order.payment_title}. ${next}`;
  const url = `${siteUrl()}${successPath({ id: order.id, payment_token: order.order_token })}`;
  return {
    to: order.email,
    subject: `Your order ${order.increment_id}`,
    text: `${[intro, ...textLines(order), ...textTotals(order), payment, ...bank].join('\n')}\n\nView your order: ${url}\n`,
    html: mailMjml({
      heading: 'Thank you for your order',
      paragraphs: [intro],
      lines: mailLines(order),
      totals: totals(order),
      after: [payment, ...bank],
      action: { label: 'View your order', url },
    }),
  };
}

/** To the staff: a new order, its customer, lines and total. */
export function staffNewOrderMail(order: PlacedOrder): MailMessage {
  const who = `${order.billing_address?.first_name ?? ''} ${order.billing_address?.last_name ?? ''}`.trim();
  const paragraphs = [
    `Order ${order.increment_id} was placed by ${who || order.email} (${order.email}).`,
    `Payment: ${order.payment_title}; status: ${order.status_label}.`,
  ];
  return {
    to: staffEmail(),
    subject: `New order ${order.increment_id}: ${order.formated_grand_total}`,
    text: `${[...paragraphs, ...textLines(order), ...textTotals(order)].join('\n')}\n`,
    html: mailMjml({ heading: `New order ${order.increment_id}`, paragraphs, lines: mailLines(order), totals: totals(order) }),
  };
}

/** To the staff: an order's payment arrived. */
export function staffOrderPaidMail(order: PlacedOrder): MailMessage {
  const paragraphs = [
    `Order ${order.increment_id} (${order.email}) has been paid: ${order.formated_grand_total} by ${order.payment_title}.`,
    'It is ready to be prepared and shipped.',
  ];
  return {
    to: staffEmail(),
    subject: `Order ${order.increment_id} paid: ${order.formated_grand_total}`,
    text: `${[...paragraphs, ...textLines(order), ...textTotals(order)].join('\n')}\n`,
    html: mailMjml({ heading: `Order ${order.increment_id} paid`, paragraphs, lines: mailLines(order), totals: totals(order) }),
  };
}

/** To the staff: an order was cancelled (its payment never came, or the shop cancelled it). */
export function staffOrderCancelledMail(order: PlacedOrder): MailMessage {
  // "Cancelled: payment not received" when its deadline passed; plain "Cancelled" when staff cancelled it.
  const why = order.status_label.startsWith('Cancelled: ') ? `: ${order.status_label.slice('Cancelled: '.length)}` : ' by the shop';
  const paragraphs = [
    `Order ${order.increment_id} (${order.email}) was cancelled${why}.`,
    `Total ${order.formated_grand_total} by ${order.payment_title}. Its diamonds are back on sale and its coupon and store credit were given back.`,
  ];
  return {
    to: staffEmail(),
    subject: `Order ${order.increment_id} cancelled`,
    text: `${[...paragraphs, ...textLines(order), ...textTotals(order)].join('\n')}\n`,
    html: mailMjml({ heading: `Order ${order.increment_id} cancelled`, paragraphs, lines: mailLines(order), totals: totals(order) }),
  };
}

/** Queued with the cancellation (in its transaction where there is one): the staff's notice, once per order. */
export async function queueStaffOrderCancelledMail(db: Db, orderId: number): Promise<void> {
  await queue(db, { template: 'staff_order_cancelled', params: { orderId }, recipient: staffEmail(), dedupeKey: `order:${orderId}:staff-cancelled` });
}

/** Queued in the order's transaction: the confirmation and the staff's notice, each once per order. */
export async function queueOrderPlacedMail(trx: Db, order: { id: number; email: string }): Promise<void> {
  await queue(trx, { template: 'order_confirmation', params: { orderId: order.id }, recipient: order.email, dedupeKey: `order:${order.id}:confirmation` });
  await queue(trx, { template: 'staff_new_order', params: { orderId: order.id }, recipient: staffEmail(), dedupeKey: `order:${order.id}:staff-new` });
}
