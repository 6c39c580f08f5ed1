/** An order's totals as the API answers them (dollars with their `formated_` strings), in this order. */
import { money } from '~/lib/money.ts';
import type { OrderRow } from './order.repository.ts';

type OrderAmounts = Pick<OrderRow, 'subtotal_cents' | 'discount_cents' | 'shipping_cents' | 'store_credit_cents' | 'grand_total_cents'>;

export function orderTotals(o: OrderAmounts) {
  return {
    ...money('sub_total', o.subtotal_cents),
    ...money('discount_amount', o.discount_cents),
    ...money('shipping_amount', o.shipping_cents),
    ...money('store_credit_amount', o.store_credit_cents),
    ...money('grand_total', o.grand_total_cents),
  };
}
