/** The e-mails of an order's later life: expired for want of payment, shipped, cancelled by the shop. */
import type { Db } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { simpleHtml, siteUrl, type MailMessage } from '~/server/mail/mailer.ts';
import type { OrderRow } from './order.repository.ts';

const orderUrl = (o: OrderRow) => `${siteUrl()}/customer/account/orders/view/${o.id}`;

/** The order's stones that are on sale again, with their pages' addresses. */
async function stonesOnSale(db: Db, stones: number[]): Promise<{ name: string; url: string }[]> {
  if (!stones.length) return [];
  const rows = await db
    .selectFrom('diamonds')
    .innerJoin('order_items', 'order_items.item_id', 'diamonds.id')
    .select(['diamonds.id', 'order_items.name'])
    .where('diamonds.id', 'in', stones)
    .where('diamonds.status', '=', 'available')
    .where('diamonds.is_hidden', '=', 0)
    .execute();
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ name: r.name, url: `${siteUrl()}/diamonds/${r.id}` }));
}

export async function expiredOrderMail(db: Db, order: OrderRow, stones: number[]): Promise<MailMessage> {
  const onSale = await stonesOnSale(db, stones);
  const paragraphs = [
    `We did not receive the payment for your order ${order.increment_id} in time, so we have cancelled it: nothing has been charged.`,
    ...(order.store_credit_cents > 0 ? ['The store credit it used is back in your account.'] : []),
    ...(onSale.length ? ['These pieces are still available, if you would like them:', ...onSale.map((s) => `${s.name}: ${s.url}`)] : []),
  ];
  const action = onSale.length === 1 ? { label: 'See the diamond', url: onSale[0]!.url } : { label: 'View your order', url: orderUrl(order) };
  return {
    to: order.email,
    subject: `Your order ${order.increment_id} has been cancelled: payment not received`,
    text: `${paragraphs.join('\n')}\n\n${action.label}: ${action.url}\n`,
    html: simpleHtml(paragraphs, action),
  };
}

const TRACKING_URLS: Record<string, (t: string) => string> = {
  ups: (t) => `https://www.ups.com/track?tracknum=${t}`,
  fedex: (t) => `https://www.fedex.com/fedextrack/?trknbr=${t}`,
  usps: (t) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${t}`,
  dhl: (t) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${t}`,
};

/** The carrier's tracking page for UPS, FedEx, USPS and DHL; for another carrier, the order's page. */
export function trackingUrl(order: Pick<OrderRow, 'id' | 'carrier' | 'tracking_number'>): string {
  const make = TRACKING_URLS[(order.carrier ?? '').trim().toLowerCase()];
  return make && order.tracking_number ? make(encodeURIComponent(order.tracking_number)) : `${siteUrl()}/customer/account/orders/view/${order.id}`;
}

export function shippedOrderMail(order: OrderRow): MailMessage {
  const url = trackingUrl(order);
  const paragraphs = [`Good news: your order ${order.increment_id} is on its way.`, `Carrier: ${order.carrier}. Tracking number: ${order.tracking_number}.`];
  return {
    to: order.email,
    subject: `Your order ${order.increment_id} has shipped`,
    text: `${paragraphs.join('\n')}\n\nTrack your parcel: ${url}\n`,
    html: simpleHtml(paragraphs, { label: 'Track your parcel', url }),
  };
}

/** `refundCents`: what the payment provider accepted to refund; `released`: a card authorisation let go instead. */
export function canceledOrderMail(order: OrderRow, refundCents: number, released = false): MailMessage {
  const paragraphs = [
    `Your order ${order.increment_id} has been cancelled.`,
    ...(refundCents > 0
      ? [`We have refunded ${formatCents(refundCents)} to your original payment method; depending on your bank it can take 5 to 10 business days to appear.`]
      : []),
    ...(released ? ['The amount authorised on your card has been released: nothing has been charged.'] : []),
    ...(order.store_credit_cents > 0 ? ['The store credit it used is back in your account.'] : []),
  ];
  return {
    to: order.email,
    subject: `Your order ${order.increment_id} has been cancelled`,
    text: `${paragraphs.join('\n')}\n\nView your order: ${orderUrl(order)}\n`,
    html: simpleHtml(paragraphs, { label: 'View your order', url: orderUrl(order) }),
  };
}
