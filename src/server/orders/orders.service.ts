/**
 * A customer's orders: the list (paged), one order, and a payment link for an unpaid one. Orders are
 * written by checkout; here they are only read, always scoped to the caller (another customer's order
 * answers 404, like a missing one).
 */
import { z } from 'zod';
import { paymentTitle } from '~/server/checkout/payment-methods.ts';
import { paymentLinkSchema, type OrderDetail, type OrderList } from './orders.answers.ts';
import { HttpError, notFound, validationError } from '~/server/http.ts';
import { money } from '~/lib/money.ts';
import { recordId } from '~/server/record-id.ts';
import { presentOrderLine } from './order-line.presenter.ts';
import { randomToken } from '~/server/accounts/crypto.ts';
import type { Customer } from '~/server/accounts/session.ts';
import { countOrders, findOrder, findOrderItems, listOrders, setPaymentToken, type OrderRow } from './order.repository.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** Statuses of an order still waiting for its payment; the payment link works only for these. */
export const UNPAID_STATUSES = ['pending', 'pending_payment'];

/** GET /api/orders: ?page (from 1, default 1) & limit (1–50, default 10). */
export const orderPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
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

export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function orderSummary(o: OrderRow) {
  return {
    id: o.id,
    increment_id: o.increment_id,
    status: o.status,
    status_label: statusLabel(o.status),
    is_unpaid: UNPAID_STATUSES.includes(o.status),
    created_at: o.created_at,
    ...money('grand_total', o.grand_total_cents),
  };
}

export async function customerOrders(customer: Customer, query: { page: number; limit: number }): Promise<OrderList> {
  const total = await countOrders(customer.id);
  const rows = await listOrders(customer.id, query.limit, (query.page - 1) * query.limit);
  return {
    data: rows.map((o) => ({ ...orderSummary(o), items_count: o.items_count })),
    meta: { current_page: query.page, per_page: query.limit, total, last_page: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

export async function customerOrder(customer: Customer, id: number): Promise<OrderDetail> {
  const o = await findOrder(customer.id, id);
  if (!o) throw notFound('Order not found');
  const items = await findOrderItems(o.id);
  return {
    ...orderSummary(o),
    email: o.email,
    items: items.map(presentOrderLine),
    ...money('sub_total', o.subtotal_cents),
    ...money('discount_amount', o.discount_cents),
    ...money('shipping_amount', o.shipping_cents),
    ...money('store_credit_amount', o.store_credit_cents),
    coupon_code: o.coupon_code,
    shipping_method: o.shipping_method,
    payment_method: o.payment_method,
    payment_title: paymentTitle(o.payment_method),
    billing_address: parseJson(o.billing_address) as OrderDetail['billing_address'],
    shipping_address: parseJson(o.shipping_address) as OrderDetail['shipping_address'],
    instructions: o.instructions,
  };
}

export type { OrderDetail };

/**
 * The link that pays an unpaid order of the caller: /checkout/order-payment?order={id}&token={payment_token}.
 * The order keeps one payment token (checkout may already have set it), so asking twice gives one link.
 */
export async function createPaymentLink(customer: Customer, id: number): Promise<z.output<typeof paymentLinkSchema>> {
  const existing = await findOrder(customer.id, id);
  if (!existing) throw notFound('Order not found');
  if (!UNPAID_STATUSES.includes(existing.status)) throw new HttpError(409, 'This order does not need a payment', 'order_not_payable');
  if (!existing.payment_token) await setPaymentToken(customer.id, id, randomToken());
  const order = (await findOrder(customer.id, id))!;
  const url = `/checkout/order-payment?order=${order.id}&token=${encodeURIComponent(order.payment_token!)}`;
  return { url, order_id: order.id };
}
