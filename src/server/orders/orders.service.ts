/**
 * A customer's orders: the list (paged), one order, and a payment link for an unpaid one. Orders are
 * written by checkout; here they are only read, always scoped to the caller (another customer's order
 * answers 404, like a missing one).
 */
import { z } from 'zod';
import { paymentTitle } from '~/server/checkout/payment-methods.ts';
import { paymentLinkSchema, type OrderDetail, type OrderList } from './orders.answers.ts';
import { HttpError, notFound, validationError } from '~/server/endpoint/http.ts';
import { money } from '~/lib/money.ts';
import { recordId } from '~/server/endpoint/record-id.ts';
import { presentOrderLine } from './order-line.presenter.ts';
import { orderTax } from '~/server/tax/order-tax.presenter.ts';
import { orderTotals } from './order-totals.presenter.ts';
import { randomToken } from '~/server/accounts/crypto.ts';
import type { Customer } from '~/server/accounts/session.ts';
import { EXPIRED_MESSAGE, EXPIRED_REASON, statusLabel, UNPAID_STATUSES } from './order-status.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { expireDueOrders } from './order-lifecycle.ts';
import { paymentLinkExtendsHold } from './payment-hold.ts';
import { statusHistory } from './order-holds.repository.ts';
import { refundHistory } from '~/server/payments/payment-history.ts';
import { refundsOf } from '~/server/payments/payment-session.repository.ts';
import { trackingUrl } from './order-lifecycle-mail.ts';
import { countOrders, findOrder, findOrderItems, listOrders, restartHold, setPaymentToken, type OrderRow } from './order.repository.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export { UNPAID_STATUSES, statusLabel };

/** GET /api/orders: ?page (from 1, default 1) & limit (1–50, default 10). */
export const orderPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export function parsePageQuery(params: URLSearchParams): { page: number; limit: number } {
  const raw = Object.fromEntries(['page', 'limit'].filter((k) => params.get(k) !== null && params.get(k) !== '').map((k) => [k, params.get(k)]));
  const result = orderPageQuerySchema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function parseOrderId(raw: unknown): number {
  // Ids are 32-bit integers in the database: a larger one names no order (and PostgreSQL would refuse it).
  const id = recordId(raw);
  if (id === undefined) throw notFound('Order not found');
  return id;
}

/** POST /api/orders/createOrderPaymentLink: `{ id }`, the order's id (a number or its digits). */
export const paymentLinkRequestSchema = z.object({ id: z.union([z.number(), z.string()], { error: 'Give the order id' }) });

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function orderSummary(o: OrderRow) {
  return {
    id: o.id,
    increment_id: o.increment_id,
    status: o.status,
    status_label: statusLabel(o.status, o.cancel_reason),
    is_unpaid: UNPAID_STATUSES.includes(o.status),
    created_at: o.created_at,
    ...money('grand_total', o.grand_total_cents),
    ...orderTax(o),
  };
}

export async function customerOrders(customer: Customer, query: { page: number; limit: number }): Promise<OrderList> {
  // An order past its payment window is shown cancelled, not as waiting.
  const db = await getDb();
  await expireDueOrders(db);
  const total = await countOrders(db, customer.id);
  const rows = await listOrders(db, customer.id, query.limit, (query.page - 1) * query.limit);
  return {
    data: rows.map((o) => ({ ...orderSummary(o), items_count: o.items_count })),
    meta: { current_page: query.page, per_page: query.limit, total, last_page: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

export async function customerOrder(customer: Customer, id: number): Promise<OrderDetail> {
  const db = await getDb();
  await expireDueOrders(db);
  const o = await findOrder(db, customer.id, id);
  if (!o) throw notFound('Order not found');
  const items = await findOrderItems(db, o.id);
  return {
    ...orderSummary(o),
    email: o.email,
    items: items.map(presentOrderLine),
    // grand_total keeps its place from orderSummary (a spread overwrites a key where it first stood).
    ...orderTotals(o),
    coupon_code: o.coupon_code,
    shipping_method: o.shipping_method,
    payment_method: o.payment_method,
    payment_title: paymentTitle(o.payment_method),
    billing_address: parseJson(o.billing_address) as OrderDetail['billing_address'],
    shipping_address: parseJson(o.shipping_address) as OrderDetail['shipping_address'],
    instructions: o.instructions,
    payment_due_at: UNPAID_STATUSES.includes(o.status) ? o.payment_due_at : null,
    status_history: await presentHistory(db, o),
    carrier: o.carrier,
    tracking_number: o.tracking_number,
    tracking_url: o.tracking_number ? trackingUrl(o) : null,
  };
}

/** The history rows, or the current status alone for an order older than the history. */
async function presentHistory(db: Db, o: OrderRow): Promise<OrderDetail['status_history']> {
  const rows = await statusHistory(db, o.id);
  const list = rows.length ? rows : [{ status: o.status, created_at: o.created_at }];
  const statuses = list.map((h) => ({
    status: h.status,
    status_label: statusLabel(h.status, h.status === 'canceled' ? o.cancel_reason : null),
    created_at: h.created_at,
  }));
  // Refunds are part of the order's story: "Refunded $120.00" at the time the provider was asked.
  return [...statuses, ...refundHistory(await refundsOf(db, o.id))].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export type { OrderDetail };

/**
 * The link that pays an unpaid order of the caller: /checkout/order-payment?order={id}&token={payment_token}.
 * The order keeps one payment token (checkout may already have set it), so asking twice gives one link.
 */
export async function createPaymentLink(customer: Customer, id: number): Promise<z.output<typeof paymentLinkSchema>> {
  const db = await getDb();
  await expireDueOrders(db);
  const existing = await findOrder(db, customer.id, id);
  if (!existing) throw notFound('Order not found');
  if (existing.status === 'canceled' && existing.cancel_reason === EXPIRED_REASON) throw new HttpError(409, EXPIRED_MESSAGE, 'order_expired');
  if (!UNPAID_STATUSES.includes(existing.status)) throw new HttpError(409, 'This order does not need a payment', 'order_not_payable');
  // The token and the restarted payment window are written together.
  await writeTransaction(db, async (trx) => {
    if (!existing.payment_token) await setPaymentToken(trx, customer.id, id, randomToken());
    if (paymentLinkExtendsHold()) await restartHold(trx, customer.id, id, existing.status);
  });
  const order = (await findOrder(db, customer.id, id))!;
  const url = `/checkout/order-payment?order=${order.id}&token=${encodeURIComponent(order.payment_token!)}`;
  return { url, order_id: order.id };
}
