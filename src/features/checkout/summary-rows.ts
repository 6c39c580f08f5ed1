/**
 * The amounts an order summary lists above its total, the same for the cart at checkout and for a placed
 * order: subtotal, discount (with its coupon), shipping, tax when it is added to the prices, store credit.
 * Discount and store credit appear only when used; tax included in the prices is shown under the total.
 */
import { taxLine, type TaxFields } from './tax-line.ts';

export interface SummaryAmounts extends TaxFields {
  formated_sub_total: string;
  discount_amount: number;
  formated_discount_amount: string;
  coupon_code?: string | null;
  store_credit_amount: number;
  formated_store_credit_amount: string;
}

/** [label, amount] rows; the caller names the subtotal and the shipping row (checkout knows more of it than an order). */
export function summaryRows(amounts: SummaryAmounts, subtotal: string, shipping: [string, string]): [string, string][] {
  const tax = taxLine(amounts);
  const rows: [string, string][] = [[subtotal, amounts.formated_sub_total]];
  if (amounts.discount_amount > 0) rows.push([`Discount${amounts.coupon_code ? ` (${amounts.coupon_code})` : ''}`, `−${amounts.formated_discount_amount}`]);
  rows.push(shipping);
  if (tax && !tax.included) rows.push([tax.label, tax.value]);
  if (amounts.store_credit_amount > 0) rows.push(['Store credit', `−${amounts.formated_store_credit_amount}`]);
  return rows;
}
