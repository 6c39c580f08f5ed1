/** An order as checkout answers it: totals as numbers with `formated_` strings, lines, addresses, token. */
import type { Selectable } from 'kysely';
import type { CheckoutAddress, OrderLine, PlacedOrder } from '~/features/checkout/checkout.schema.ts';
import type { OrdersTable } from '~/server/db/schema.ts';
import { getDb } from '~/server/db/database.ts';
import { findOrderItems } from '~/server/orders/order.repository.ts';
import { statusLabel, UNPAID_STATUSES } from '~/server/orders/orders.service.ts';
import { presentOrderLine } from '~/server/orders/order-line.presenter.ts';
import { parseAddress } from './checkout-state.ts';
import { orderTotals } from '~/server/orders/order-totals.presenter.ts';
import { paymentTitle } from './payment-methods.ts';
import { orderTax } from '~/server/tax/order-tax.presenter.ts';

type OrderRow = Selectable<OrdersTable>;

/** The page that pays an unpaid order (also the link createOrderPaymentLink gives). */
export const orderPaymentPath = (o: { id: number; payment_token: string | null }) =>
  `/checkout/order-payment?order=${o.id}&token=${encodeURIComponent(o.payment_token ?? '')}`;
export const successPath = (o: { id: number; payment_token: string | null }) =>
  `/checkout/success?order=${o.id}&token=${encodeURIComponent(o.payment_token ?? '')}`;

export async function presentOrder(o: OrderRow): Promise<PlacedOrder> {
  const items = await findOrderItems(await getDb(), o.id);
  const lines: OrderLine[] = items.map(presentOrderLine);
  return {
    id: o.id,
    increment_id: o.increment_id,
    status: o.status,
    status_label: statusLabel(o.status, o.cancel_reason),
    email: o.email,
    order_token: o.payment_token ?? '',
    is_unpaid: UNPAID_STATUSES.includes(o.status),
    items: lines,
    ...orderTotals(o),
    ...orderTax(o),
    coupon_code: o.coupon_code,
    shipping_method: o.shipping_method,
    payment_method: o.payment_method,
    payment_title: paymentTitle(o.payment_method),
    billing_address: parseAddress(o.billing_address) as CheckoutAddress,
    shipping_address: parseAddress(o.shipping_address) as CheckoutAddress,
    instructions: o.instructions,
    created_at: o.created_at,
  };
}
