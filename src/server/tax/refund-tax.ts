/**
 * The tax a refund gives back: in proportion to the money, on the order's whole value (what
 * was paid plus the store credit used, since store credit is a way to pay and carried tax too).
 * Cumulative: the tax of all refunds up to `refundedCents`, half up, never more than the order's tax,
 * so partial refunds add up to exactly what one refund of the same sum would give back.
 */
import type { OrderRow } from '~/server/orders/order.repository.ts';

export function refundTaxCents(order: Pick<OrderRow, 'tax_cents' | 'grand_total_cents' | 'store_credit_cents'>, refundedCents: number): number {
  const base = order.grand_total_cents + order.store_credit_cents;
  if (order.tax_cents <= 0 || base <= 0 || refundedCents <= 0) return 0;
  const n = BigInt(Math.min(refundedCents, base)) * BigInt(order.tax_cents);
  const d = BigInt(base);
  return Math.min(order.tax_cents, Number((2n * n + d) / (2n * d)));
}
