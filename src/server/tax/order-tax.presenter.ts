/** An order's and a cart's tax as the API answers them: amounts with their `formated_` strings. */
import { money } from '~/lib/money.ts';
import type { OrderRow } from '~/server/orders/order.repository.ts';
import type { TaxAnswer } from './tax-provider.ts';

export function orderTax(o: Pick<OrderRow, 'tax_cents' | 'shipping_tax_cents' | 'tax_label' | 'tax_rate_millionths' | 'tax_included' | 'invoice_number'>) {
  return {
    ...money('tax_total', o.tax_cents),
    ...money('shipping_tax_amount', o.shipping_tax_cents),
    tax_label: o.tax_label,
    tax_rate: o.tax_rate_millionths / 1_000_000,
    tax_included: o.tax_included === 1,
    invoice_number: o.invoice_number,
  };
}

/** A cart's tax fields: null until an address is known. */
export function cartTax(tax: (TaxAnswer & { known: boolean }) | null) {
  if (!tax?.known) return { tax_total: null, formated_tax_total: null, tax_label: null, tax_included: false };
  const m = money('tax_total', tax.totalCents);
  return { tax_total: m.tax_total, formated_tax_total: m.formated_tax_total, tax_label: tax.label, tax_included: tax.included };
}

/** "Sales tax", or "incl. VAT" when it is part of the prices; the line shoppers read before the amount. */
export const taxLineLabel = (label: string | null, included: boolean) => (included ? `incl. ${label ?? 'tax'}` : (label ?? 'Tax'));
